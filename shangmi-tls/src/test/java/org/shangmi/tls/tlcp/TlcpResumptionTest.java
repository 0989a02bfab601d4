package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.shangmi.tls.ShangMiTlsProvider;

/** When a session may be resumed and when it must not be. */
class TlcpResumptionTest extends WithOpenSslTlcpPki {

    private static final String SUITE = "TLCP_ECC_SM4_GCM_SM3";

    SSLContext serverContext;
    SSLContext clientContext;


    @BeforeEach
    void contexts() throws Exception {
        serverContext = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        serverContext.init(pki.keyManagers("server"), pki.trustManagers(), null);
        clientContext = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        clientContext.init(pki.keyManagers("client"), pki.trustManagers(), null);
    }

    private EnginePair pair(boolean needClientAuth) {
        SSLEngine client = clientContext.createSSLEngine("localhost", 443);
        client.setUseClientMode(true);
        client.setEnabledCipherSuites(new String[] {SUITE});
        SSLEngine server = serverContext.createSSLEngine();
        server.setUseClientMode(false);
        server.setNeedClientAuth(needClientAuth);
        return new EnginePair(client, server);
    }

    private static boolean resumed(EnginePair first, EnginePair second) {
        return Arrays.equals(first.client.getSession().getId(), second.client.getSession().getId());
    }

    @Test
    void aSessionInvalidatedAfterItWasOfferedStillServesTheHandshakeThatOfferedIt() throws Exception {
        EnginePair first = pair(false);
        first.handshake();
        EnginePair second = pair(false);
        ByteBuffer hello = ByteBuffer.allocate(1 << 15);
        second.client.beginHandshake();
        second.client.wrap(ByteBuffer.allocate(0), hello); // the ClientHello offers the session
        first.client.getSession().invalidate(); // as another connection cut short would
        hello.flip();
        ByteBuffer sink = ByteBuffer.allocate(1 << 15);
        second.server.unwrap(hello, sink);
        ByteBuffer flight = ByteBuffer.allocate(1 << 16);
        while (second.server.wrap(ByteBuffer.allocate(0), flight).bytesProduced() > 0) {
            // the server resumes: ServerHello, ChangeCipherSpec, Finished
        }
        flight.flip();
        while (flight.hasRemaining()) {
            second.client.unwrap(flight, sink); // a record at a time
        }
        byte[] data = "after an invalidation meanwhile".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        assertArrayEquals(data, second.send(second.client, data)); // after the client's ChangeCipherSpec and Finished
        assertTrue(resumed(first, second), "the handshake resumed the session it offered");
        assertFalse(second.client.getSession().isValid(), "the session stays invalid");
        EnginePair third = pair(false);
        third.handshake();
        assertFalse(resumed(first, third), "an invalidated session is not offered again");
    }

    @Test
    void aServerSessionInvalidatedMeanwhileGivesAFullHandshake() throws Exception {
        EnginePair first = pair(false);
        first.handshake();
        first.server.getSession().invalidate();
        EnginePair second = pair(false);
        second.handshake();
        assertFalse(resumed(first, second));
    }

    @Test
    void aServerRequiringClientCertificatesDoesNotResumeASessionWithout() throws Exception {
        EnginePair first = pair(false);
        first.handshake();
        EnginePair second = pair(true);
        second.handshake();
        assertFalse(resumed(first, second));
        assertEquals(pki.certificate("client_sign"), second.server.getSession().getPeerCertificates()[0]);
        EnginePair third = pair(true);
        third.handshake();
        assertTrue(resumed(second, third), "a session with the client's certificates is resumed");
        assertEquals(pki.certificate("client_sign"), third.server.getSession().getPeerCertificates()[0]);
    }

    @Test
    void aClientAskingForAnotherServerNameDoesNotOfferTheSession() throws Exception {
        EnginePair first = pair(false);
        first.handshake();
        EnginePair second = pair(false);
        SSLParameters parameters = second.client.getSSLParameters();
        parameters.setServerNames(List.of(new SNIHostName("other.example")));
        second.client.setSSLParameters(parameters);
        second.handshake();
        assertFalse(resumed(first, second));
        assertEquals(List.of(new SNIHostName("other.example")),
                ((javax.net.ssl.ExtendedSSLSession) second.server.getSession()).getRequestedServerNames());
    }

    /**
     * A ClientHello offering {@code sessionId} for TLCP_ECC_SM4_GCM_SM3, with a server_name
     * extension naming {@code host} (none when null), in a record.
     */
    private static ByteBuffer clientHello(byte[] sessionId, String host) {
        MessageWriter hello = new MessageWriter(TlcpHandshake.CLIENT_HELLO).uint16(0x0101).bytes(new byte[32])
                .vector8(sessionId).uint16(2).uint16(TlcpSuite.TLCP_ECC_SM4_GCM_SM3.code()).vector8(new byte[] {0});
        if (host != null) {
            byte[] name = host.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            hello.uint16(name.length + 9).uint16(0).uint16(name.length + 5).uint16(name.length + 3).uint8(0).vector16(name);
        }
        byte[] message = hello.toByteArray();
        ByteBuffer record = ByteBuffer.allocate(5 + message.length);
        record.put((byte) 22).putShort((short) 0x0101).putShort((short) message.length).put(message).flip();
        return record;
    }

    /** The session ID of the ServerHello a new server engine of the context answers {@code hello} with. */
    private byte[] answeredSessionId(ByteBuffer hello) throws SSLException {
        SSLEngine server = serverContext.createSSLEngine();
        server.setUseClientMode(false);
        server.unwrap(hello, ByteBuffer.allocate(1 << 15));
        ByteBuffer flight = ByteBuffer.allocate(1 << 16);
        server.wrap(ByteBuffer.allocate(0), flight);
        // record header (5), handshake header (4), version (2), random (32), then the session ID with its length
        int length = flight.get(5 + 4 + 2 + 32) & 0xff;
        byte[] id = new byte[length];
        flight.get(5 + 4 + 2 + 32 + 1, id);
        return id;
    }

    @Test
    void aServerResumesASessionOnlyUnderTheServerNameItWasMadeFor() throws Exception {
        EnginePair first = pair(false);
        first.handshake();
        byte[] id = first.server.getSession().getId();
        assertEquals(List.of(new SNIHostName("localhost")),
                ((javax.net.ssl.ExtendedSSLSession) first.server.getSession()).getRequestedServerNames());
        assertArrayEquals(id, answeredSessionId(clientHello(id, "localhost")), "the same name resumes");
        assertFalse(Arrays.equals(id, answeredSessionId(clientHello(id, "other.example"))), "another name: a full handshake");
        assertFalse(Arrays.equals(id, answeredSessionId(clientHello(id, null))), "no name: a full handshake");
    }

    @Test
    void aClientCheckingHostNamesDoesNotResumeASessionMadeWithout() throws Exception {
        EnginePair first = pair(false);
        first.handshake();
        EnginePair second = pair(false);
        SSLParameters parameters = second.client.getSSLParameters();
        parameters.setEndpointIdentificationAlgorithm("HTTPS");
        second.client.setSSLParameters(parameters);
        second.handshake();
        assertFalse(resumed(first, second));
    }

    @Test
    void withSessionCreationOffOnlyResumptionIsAllowed() throws Exception {
        EnginePair first = pair(false);
        first.handshake();
        EnginePair second = pair(false);
        second.client.setEnableSessionCreation(false);
        second.handshake();
        assertTrue(resumed(first, second));
        EnginePair fresh = pair(false);
        fresh.server.setEnableSessionCreation(false);
        SSLContext other = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        other.init(null, pki.trustManagers(), null);
        SSLEngine stranger = other.createSSLEngine("localhost", 443);
        stranger.setUseClientMode(true);
        SSLException refused = assertThrows(SSLException.class, new EnginePair(stranger, fresh.server)::handshake);
        assertTrue(refused.getMessage().contains("session creation"), refused.getMessage());
    }

    @Test
    void theSessionCarriesTheRequestedServerNameDuringTheHandshake() throws Exception {
        EnginePair pair = pair(false);
        pair.handshake();
        assertEquals(List.of(new SNIHostName("localhost")),
                ((javax.net.ssl.ExtendedSSLSession) pair.client.getSession()).getRequestedServerNames());
        assertArrayEquals(pair.client.getSession().getId(), pair.server.getSession().getId());
    }
}
