package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.cert.X509Certificate;
import java.nio.ByteBuffer;
import java.util.Arrays;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.shangmi.tls.ShangMiTlsProvider;

/** TLCP engine against TLCP engine, every suite, in memory. */
class TlcpEngineTest extends WithOpenSslTlcpPki {

    static SSLContext serverContext;
    static SSLContext clientContext;

    @BeforeAll
    static void setUp() throws Exception {
        serverContext = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        serverContext.init(pki.keyManagers("server"), pki.trustManagers(), null);
        clientContext = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        clientContext.init(pki.keyManagers("client"), pki.trustManagers(), null);
    }

    static EnginePair pair(SSLContext clientSide, SSLContext serverSide, String suite, boolean clientAuth, int port) {
        SSLEngine client = clientSide.createSSLEngine("localhost", port);
        client.setUseClientMode(true);
        client.setEnabledCipherSuites(new String[] {suite});
        SSLEngine server = serverSide.createSSLEngine();
        server.setUseClientMode(false);
        server.setNeedClientAuth(clientAuth);
        return new EnginePair(client, server);
    }

    @ParameterizedTest
    @EnumSource(TlcpSuite.class)
    void everySuiteWithClientAuthentication(TlcpSuite suite) throws Exception {
        EnginePair pair = pair(clientContext, serverContext, suite.name(), true, 4001);
        pair.handshake();
        assertEquals(1, pair.clientFinished);
        assertEquals(1, pair.serverFinished);
        SSLSession clientSession = pair.client.getSession();
        SSLSession serverSession = pair.server.getSession();
        assertEquals(suite.name(), clientSession.getCipherSuite());
        assertEquals("TLCPv1.1", clientSession.getProtocol());
        assertArrayEquals(clientSession.getId(), serverSession.getId());
        assertEquals(32, clientSession.getId().length);
        X509Certificate[] serverChain = (X509Certificate[]) clientSession.getPeerCertificates();
        assertEquals(pki.certificate("server_sign"), serverChain[0]);
        assertEquals(pki.certificate("server_enc"), serverChain[1]);
        X509Certificate[] clientChain = (X509Certificate[]) serverSession.getPeerCertificates();
        assertEquals(pki.certificate("client_sign"), clientChain[0]);
        assertEquals(pki.certificate("client_enc"), clientChain[1], "an ECC client sends its encryption certificate too");
        exchange(pair);
    }

    @ParameterizedTest
    @EnumSource(value = TlcpSuite.class, names = {"TLCP_ECC_SM4_GCM_SM3", "TLCP_ECC_SM4_CBC_SM3"})
    void eccSuitesWithoutClientAuthentication(TlcpSuite suite) throws Exception {
        EnginePair pair = pair(clientContext, serverContext, suite.name(), false, 4002);
        pair.handshake();
        assertEquals(suite.name(), pair.client.getSession().getCipherSuite());
        assertThrows(javax.net.ssl.SSLPeerUnverifiedException.class, () -> pair.server.getSession().getPeerCertificates());
        exchange(pair);
    }

    private static void exchange(EnginePair pair) throws SSLException {
        for (int length : new int[] {0, 1, 15, 16, 17, 1000, 16384, 16385, 70000}) {
            byte[] data = new byte[length];
            Arrays.fill(data, (byte) length);
            assertArrayEquals(data, pair.send(pair.client, data), "client to server, " + length + " bytes");
            assertArrayEquals(data, pair.send(pair.server, data), "server to client, " + length + " bytes");
        }
    }

    /**
     * A wrap of application data writes as many whole records as the buffer holds, up to
     * sixteen (CBC seals them side by side), and one full one into a buffer of the packet size
     * (with a short one after it when that fits); less
     * room than one record is BUFFER_OVERFLOW with nothing consumed. Unwrapped one at a time, the
     * records give back the data.
     */
    @ParameterizedTest
    @EnumSource(TlcpSuite.class)
    void aWrapWritesAsManyRecordsAsTheBufferHolds(TlcpSuite suite) throws Exception {
        EnginePair pair = pair(clientContext, serverContext, suite.name(), true, 4010);
        pair.handshake();
        int packet = pair.client.getSession().getPacketBufferSize();
        int full = RecordProtection.MAX_PLAINTEXT;
        byte[] data = new byte[20 * full + 5];
        new java.util.Random(suite.ordinal()).nextBytes(data);
        ByteBuffer source = ByteBuffer.wrap(data);
        ByteBuffer wire = ByteBuffer.allocate(45 * packet);
        int[][] cases = {{full, 0}, {packet, 1}, {packet * 5 / 2, 2}, {20 * packet, 16}, {20 * packet, 2}};
        for (int[] c : cases) {
            int room = c[0];
            int expectedRecords = c[1];
            int before = wire.position();
            ByteBuffer dst = wire.slice(wire.position(), room);
            javax.net.ssl.SSLEngineResult result = pair.client.wrap(source, dst);
            assertEquals(expectedRecords == 0 ? javax.net.ssl.SSLEngineResult.Status.BUFFER_OVERFLOW
                    : javax.net.ssl.SSLEngineResult.Status.OK, result.getStatus(), room + " bytes of room");
            int consumedExpected = Math.min(expectedRecords * full, data.length - (source.position() - result.bytesConsumed()));
            assertEquals(consumedExpected, result.bytesConsumed(), room + " bytes of room");
            assertEquals(dst.position(), result.bytesProduced());
            assertEquals(expectedRecords, recordsIn(wire.duplicate().position(before).limit(before + dst.position())),
                    room + " bytes of room");
            wire.position(before + dst.position());
        }
        assertEquals(data.length, source.position(), "everything sent");
        // a packet's room holds a full record and, when the rest is short, one more
        byte[] more = new byte[full + 100];
        Arrays.fill(more, (byte) 7);
        int before = wire.position();
        ByteBuffer packetRoom = wire.slice(wire.position(), packet);
        assertEquals(more.length, pair.client.wrap(ByteBuffer.wrap(more), packetRoom).bytesConsumed());
        assertEquals(2, recordsIn(wire.duplicate().position(before).limit(before + packetRoom.position())));
        wire.position(before + packetRoom.position());
        wire.flip();
        ByteBuffer received = ByteBuffer.allocate(data.length + more.length + pair.server.getSession().getApplicationBufferSize());
        while (wire.hasRemaining()) {
            javax.net.ssl.SSLEngineResult read = pair.server.unwrap(wire, received);
            assertEquals(javax.net.ssl.SSLEngineResult.Status.OK, read.getStatus());
            assertTrue(read.bytesConsumed() <= packet, "one record an unwrap");
        }
        byte[] sent = Arrays.copyOf(data, data.length + more.length);
        System.arraycopy(more, 0, sent, data.length, more.length);
        assertArrayEquals(sent, Arrays.copyOf(received.array(), received.position()));
    }

    /** The number of whole records in {@code wire}, counted by their headers. */
    private static int recordsIn(ByteBuffer wire) {
        int records = 0;
        while (wire.remaining() >= 5) {
            int length = ((wire.get(wire.position() + 3) & 0xff) << 8) | (wire.get(wire.position() + 4) & 0xff);
            assertEquals(23, wire.get(wire.position()), "application data");
            wire.position(wire.position() + 5 + length);
            records++;
        }
        assertEquals(0, wire.remaining(), "whole records");
        return records;
    }

    @Test
    void theSecondConnectionToTheSamePeerResumesTheSession() throws Exception {
        SSLContext clientSide = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        clientSide.init(pki.keyManagers("client"), pki.trustManagers(), null);
        EnginePair first = pair(clientSide, serverContext, "TLCP_ECC_SM4_GCM_SM3", false, 4003);
        first.handshake();
        EnginePair second = pair(clientSide, serverContext, "TLCP_ECC_SM4_GCM_SM3", false, 4003);
        second.handshake();
        assertArrayEquals(first.client.getSession().getId(), second.client.getSession().getId());
        assertArrayEquals(first.server.getSession().getId(), second.server.getSession().getId());
        assertEquals(1, second.clientFinished);
        assertEquals(1, second.serverFinished);
        exchange(second);
        EnginePair other = pair(clientSide, serverContext, "TLCP_ECC_SM4_GCM_SM3", false, 4004);
        other.handshake();
        assertFalse(Arrays.equals(first.client.getSession().getId(), other.client.getSession().getId()));
    }

    @Test
    void anInvalidatedSessionIsNotResumed() throws Exception {
        SSLContext clientSide = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        clientSide.init(pki.keyManagers("client"), pki.trustManagers(), null);
        EnginePair first = pair(clientSide, serverContext, "TLCP_ECC_SM4_CBC_SM3", false, 4005);
        first.handshake();
        first.client.getSession().invalidate();
        EnginePair second = pair(clientSide, serverContext, "TLCP_ECC_SM4_CBC_SM3", false, 4005);
        second.handshake();
        assertNotEquals(Arrays.toString(first.server.getSession().getId()), Arrays.toString(second.server.getSession().getId()));
    }

    @Test
    void theServerPrefersEccWithoutClientAuthentication() throws Exception {
        SSLEngine client = clientContext.createSSLEngine("localhost", 4006);
        client.setUseClientMode(true);
        client.setEnabledCipherSuites(new String[] {"TLCP_ECDHE_SM4_GCM_SM3", "TLCP_ECC_SM4_CBC_SM3"});
        SSLEngine server = serverContext.createSSLEngine();
        server.setUseClientMode(false);
        EnginePair pair = new EnginePair(client, server);
        pair.handshake();
        assertEquals("TLCP_ECC_SM4_CBC_SM3", client.getSession().getCipherSuite());
    }

    @ParameterizedTest
    @EnumSource(value = org.shangmi.tls.TlcpParameters.CertificateOrder.class, names = {"SIGN_ENC_CA", "SIGN_CA_ENC"})
    void everyCertificateOrderIsReadBothWays(org.shangmi.tls.TlcpParameters.CertificateOrder order) throws Exception {
        assertOrderReadBothWays(order, clientContext, serverContext, 4020 + order.ordinal());
    }

    @Test
    void leavesAloneAreTrustedWhereTheirIssuerIs() throws Exception {
        org.shangmi.tls.TlcpParameters.CertificateOrder leaves = org.shangmi.tls.TlcpParameters.CertificateOrder.SIGN_ENC;
        EnginePair rootOnly = pair(clientContext, serverContext, "TLCP_ECC_SM4_GCM_SM3", false, 4030);
        org.shangmi.tls.TlcpParameters parameters = (org.shangmi.tls.TlcpParameters) rootOnly.server.getSSLParameters();
        parameters.setCertificateOrder(leaves);
        rootOnly.server.setSSLParameters(parameters);
        TlcpAlertException untrusted = assertThrows(TlcpAlertException.class, rootOnly::handshake);
        assertEquals(TlcpAlert.CERTIFICATE_UNKNOWN, untrusted.description(), "the intermediate is not sent, and only the root is trusted");

        java.security.KeyStore anchors = java.security.KeyStore.getInstance("PKCS12");
        anchors.load(null, null);
        anchors.setCertificateEntry("inter", pki.certificate("inter"));
        javax.net.ssl.TrustManagerFactory trust = javax.net.ssl.TrustManagerFactory.getInstance("PKIX", "SunJSSE");
        trust.init(anchors);
        SSLContext clientSide = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        clientSide.init(pki.keyManagers("client"), trust.getTrustManagers(), null);
        SSLContext serverSide = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        serverSide.init(pki.keyManagers("server"), trust.getTrustManagers(), null);
        assertOrderReadBothWays(leaves, clientSide, serverSide, 4031);
    }

    private static void assertOrderReadBothWays(org.shangmi.tls.TlcpParameters.CertificateOrder order, SSLContext clientSide,
            SSLContext serverSide, int port) throws Exception {
        EnginePair pair = pair(clientSide, serverSide, "TLCP_ECDHE_SM4_GCM_SM3", true, port);
        for (SSLEngine engine : new SSLEngine[] {pair.client, pair.server}) {
            org.shangmi.tls.TlcpParameters parameters = (org.shangmi.tls.TlcpParameters) engine.getSSLParameters();
            parameters.setCertificateOrder(order);
            engine.setSSLParameters(parameters);
        }
        pair.handshake();
        X509Certificate[] serverList = (X509Certificate[]) pair.client.getSession().getPeerCertificates();
        assertEquals(pki.certificate("server_sign"), serverList[0]);
        assertEquals(pki.certificate("server_enc"), serverList[1]);
        X509Certificate[] clientList = (X509Certificate[]) pair.server.getSession().getPeerCertificates();
        assertEquals(pki.certificate("client_sign"), clientList[0]);
        assertEquals(pki.certificate("client_enc"), clientList[1]);
        assertEquals(order == org.shangmi.tls.TlcpParameters.CertificateOrder.SIGN_ENC ? 2 : 3, clientList.length);
    }

    @Test
    void theTlcpContextServesTlcpAndTlsClientsOnOnePort() throws Exception {
        SSLContext both = SSLContext.getInstance("TLCP", new ShangMiTlsProvider());
        both.init(pki.keyManagers("server"), pki.trustManagers(), null);

        SSLEngine tlcpServer = both.createSSLEngine();
        tlcpServer.setUseClientMode(false);
        SSLEngine tlcpClient = clientContext.createSSLEngine("localhost", 4010);
        tlcpClient.setUseClientMode(true);
        EnginePair tlcpPair = new EnginePair(tlcpClient, tlcpServer);
        tlcpPair.handshake();
        assertEquals("TLCPv1.1", tlcpServer.getSession().getProtocol());
        assertEquals("TLCP_ECC_SM4_GCM_SM3", tlcpServer.getSession().getCipherSuite());
        exchange(tlcpPair);

        SSLContext tls13 = SSLContext.getInstance("TLSv1.3", new ShangMiTlsProvider());
        tls13.init(null, pki.trustManagers(), null);
        SSLEngine tlsServer = both.createSSLEngine();
        tlsServer.setUseClientMode(false);
        SSLEngine tlsClient = tls13.createSSLEngine("localhost", 4011);
        tlsClient.setUseClientMode(true);
        EnginePair tlsPair = new EnginePair(tlsClient, tlsServer);
        tlsPair.handshake();
        assertEquals("TLSv1.3", tlsServer.getSession().getProtocol());
        assertEquals("TLS_SM4_GCM_SM3", tlsClient.getSession().getCipherSuite());
        assertEquals(pki.certificate("server_sign"), tlsClient.getSession().getPeerCertificates()[0],
                "TLS 1.3 is served with the signing certificate");
        exchange(tlsPair);
    }

    @Test
    void theTlcpContextKeepsTheTlsSettingsOfItsParameters() throws Exception {
        SSLContext both = SSLContext.getInstance("TLCP", new ShangMiTlsProvider());
        both.init(pki.keyManagers("server"), pki.trustManagers(), null);
        SSLEngine server = both.createSSLEngine();
        server.setUseClientMode(false);
        javax.net.ssl.SSLParameters parameters = server.getSSLParameters();
        assertTrue(parameters instanceof org.shangmi.tls.TlcpParameters);
        javax.net.ssl.SNIMatcher matcher = javax.net.ssl.SNIHostName.createSNIMatcher("localhost");
        parameters.setSNIMatchers(java.util.List.of(matcher));
        parameters.setApplicationProtocols(new String[] {"h2", "http/1.1"});
        parameters.setUseCipherSuitesOrder(true);
        parameters.setNeedClientAuth(true);
        ((org.shangmi.tls.TlcpParameters) parameters).setCertificateOrder(org.shangmi.tls.TlcpParameters.CertificateOrder.SIGN_CA_ENC);
        server.setSSLParameters(parameters);
        javax.net.ssl.SSLParameters read = server.getSSLParameters();
        assertEquals(java.util.List.of(matcher), java.util.List.copyOf(read.getSNIMatchers()));
        assertArrayEquals(new String[] {"h2", "http/1.1"}, read.getApplicationProtocols());
        assertTrue(read.getUseCipherSuitesOrder());
        assertTrue(read.getNeedClientAuth());
        assertEquals(org.shangmi.tls.TlcpParameters.CertificateOrder.SIGN_CA_ENC,
                ((org.shangmi.tls.TlcpParameters) read).getCertificateOrder());
    }

    @Test
    void theTlcpContextKeepsOnlyTheProtocolsEnabled() throws Exception {
        SSLContext both = SSLContext.getInstance("TLCP", new ShangMiTlsProvider());
        both.init(pki.keyManagers("server"), pki.trustManagers(), null);
        SSLEngine server = both.createSSLEngine();
        server.setUseClientMode(false);
        server.setEnabledProtocols(new String[] {"TLCPv1.1"});
        assertArrayEquals(new String[] {"TLCPv1.1"}, server.getEnabledProtocols());
        SSLContext tls13 = SSLContext.getInstance("TLSv1.3", new ShangMiTlsProvider());
        tls13.init(null, pki.trustManagers(), null);
        SSLEngine client = tls13.createSSLEngine("localhost", 4012);
        client.setUseClientMode(true);
        SSLException refused = assertThrows(SSLException.class, new EnginePair(client, server)::handshake);
        assertTrue(refused.getMessage().contains("protocol_version"), refused.getMessage());
    }

    @Test
    void theContextsGiveTheirDefaultAndSupportedParameters() throws Exception {
        for (String protocol : new String[] {"TLCPv1.1", "TLCP"}) {
            SSLContext context = SSLContext.getInstance(protocol, new ShangMiTlsProvider());
            context.init(pki.keyManagers("server"), pki.trustManagers(), null);
            java.util.List<String> suites = Arrays.asList(context.getDefaultSSLParameters().getCipherSuites());
            java.util.List<String> protocols = Arrays.asList(context.getDefaultSSLParameters().getProtocols());
            assertEquals(java.util.List.of("TLCP_ECC_SM4_GCM_SM3", "TLCP_ECC_SM4_CBC_SM3", "TLCP_ECDHE_SM4_GCM_SM3",
                    "TLCP_ECDHE_SM4_CBC_SM3"), suites.subList(0, 4), protocol);
            assertTrue(protocols.contains("TLCPv1.1"), protocol);
            assertEquals(protocol.equals("TLCP"), suites.contains("TLS_SM4_GCM_SM3"), protocol);
            assertEquals(protocol.equals("TLCP"), protocols.contains("TLSv1.3"), protocol);
            assertTrue(Arrays.asList(context.getSupportedSSLParameters().getCipherSuites()).containsAll(suites), protocol);
        }
    }

    @Test
    void aClientWithoutCertificatesCannotUseEcdhe() throws Exception {
        SSLContext anonymous = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        anonymous.init(null, pki.trustManagers(), null);
        EnginePair pair = pair(anonymous, serverContext, "TLCP_ECDHE_SM4_GCM_SM3", true, 4007);
        SSLException failure = assertThrows(SSLException.class, pair::handshake);
        assertTrue(failure.getMessage().contains("ECDHE"), failure.getMessage());
    }
}
