package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.shangmi.tls.tlcp.TlcpRecords.ALERT;
import static org.shangmi.tls.tlcp.TlcpRecords.APPLICATION_DATA;
import static org.shangmi.tls.tlcp.TlcpRecords.CHANGE_CIPHER_SPEC;
import static org.shangmi.tls.tlcp.TlcpRecords.HANDSHAKE;
import static org.shangmi.tls.tlcp.TlcpRecords.HEADER;
import static org.shangmi.tls.tlcp.TlcpRecords.applicationRecords;
import static org.shangmi.tls.tlcp.TlcpRecords.deliver;
import static org.shangmi.tls.tlcp.TlcpRecords.flight;
import static org.shangmi.tls.tlcp.TlcpRecords.fragment;
import static org.shangmi.tls.tlcp.TlcpRecords.handshakeMessage;
import static org.shangmi.tls.tlcp.TlcpRecords.indexOf;
import static org.shangmi.tls.tlcp.TlcpRecords.indexOfChangeCipherSpec;
import static org.shangmi.tls.tlcp.TlcpRecords.record;
import static org.shangmi.tls.tlcp.TlcpRecords.vector16;
import static org.shangmi.tls.tlcp.TlcpRecords.vector24;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.PublicKey;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import javax.crypto.Cipher;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLEngineResult.Status;
import javax.net.ssl.SSLException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.shangmi.tls.ShangMiTlsProvider;

/**
 * A TLCP engine given bad input by its peer, engine to engine in memory with the records taken
 * apart between them: the side that finds the fault throws a {@link TlcpAlertException} with the
 * standard's alert, its next wrap sends exactly that fatal alert and nothing after it, both of its
 * directions are done, and the peer reads "received fatal alert NAME". Records after a
 * ChangeCipherSpec are made with {@link WireKeys} from the connection's master secret.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TlcpBadInputTest extends WithOpenSslTlcpPki {

    /** The alerts expected here, as GB/T 38636-2020 numbers and names them. */
    private enum Alert {
        UNEXPECTED_MESSAGE(10), BAD_RECORD_MAC(20), RECORD_OVERFLOW(22), HANDSHAKE_FAILURE(40), BAD_CERTIFICATE(42),
        UNSUPPORTED_CERTIFICATE(43), CERTIFICATE_UNKNOWN(46), ILLEGAL_PARAMETER(47), DECODE_ERROR(50), DECRYPT_ERROR(51),
        PROTOCOL_VERSION(70), INTERNAL_ERROR(80), NO_RENEGOTIATION(100);

        final int code;

        Alert(int code) {
            this.code = code;
        }

        String standardName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private static final int CLIENT_HELLO = 1;
    private static final int SERVER_HELLO = 2;
    private static final int CERTIFICATE = 11;
    private static final int SERVER_KEY_EXCHANGE = 12;
    private static final int SERVER_HELLO_DONE = 14;
    private static final int CLIENT_KEY_EXCHANGE = 16;
    private static final int FINISHED = 20;
    /** A distinct port for every connection, so that no client offers a cached session. */
    private static final AtomicInteger PORTS = new AtomicInteger(5000);

    /** A second PKI whose root has the same name as {@link #pki}'s and another key. */
    static OpenSslTlcpPki stranger;
    static SSLContext serverContext;
    static SSLContext clientContext;

    @BeforeAll
    static void setUp() throws Exception {
        // the server's subject, keyUsage digitalSignature alone
        pki.pki.issue("server_enc_signing_only", "/C=CN/O=ShangMi Test/CN=localhost", "inter", "tlcp_sign", 10);
        stranger = new OpenSslTlcpPki(Files.createDirectories(directory.resolve("stranger")));
        serverContext = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        serverContext.init(pki.keyManagers("server"), pki.trustManagers(), null);
        clientContext = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        clientContext.init(pki.keyManagers("client"), pki.trustManagers(), null);
    }

    /** A client and a server engine and the flights of their handshake, taken one step at a time. */
    private static final class Connection {
        final TlcpSuite suite;
        final SSLEngine client;
        final SSLEngine server;
        List<byte[]> clientHello;
        List<byte[]> serverFlight;
        List<byte[]> clientFlight;
        List<byte[]> serverFinish;

        Connection(TlcpSuite suite, boolean clientAuth) {
            this(clientContext, suite, clientAuth);
        }

        Connection(SSLContext clientSide, TlcpSuite suite, boolean clientAuth) {
            this.suite = suite;
            client = clientSide.createSSLEngine("localhost", PORTS.incrementAndGet());
            client.setUseClientMode(true);
            client.setEnabledCipherSuites(new String[] {suite.name()});
            server = serverContext.createSSLEngine();
            server.setUseClientMode(false);
            server.setNeedClientAuth(clientAuth);
        }

        /** The ClientHello, wrapped and not yet delivered. */
        List<byte[]> clientHello() throws SSLException {
            clientHello = flight(client);
            assertEquals(1, clientHello.size());
            return clientHello;
        }

        /** ClientHello delivered; the server's flight (ServerHello to ServerHelloDone), not yet delivered. */
        List<byte[]> serverFlight() throws SSLException {
            deliver(server, clientHello());
            serverFlight = flight(server);
            return serverFlight;
        }

        /** The server's flight delivered; the client's (its certificate to Finished), not yet delivered. */
        List<byte[]> clientFlight() throws SSLException {
            deliver(client, serverFlight());
            clientFlight = flight(client);
            return clientFlight;
        }

        /** The client's flight delivered; the server's ChangeCipherSpec and Finished, not yet delivered. */
        List<byte[]> serverFinish() throws SSLException {
            deliver(server, clientFlight());
            serverFinish = flight(server);
            return serverFinish;
        }

        void complete() throws SSLException {
            deliver(client, serverFinish());
            assertEquals(HandshakeStatus.NOT_HANDSHAKING, client.getHandshakeStatus());
            assertEquals(HandshakeStatus.NOT_HANDSHAKING, server.getHandshakeStatus());
            assertEquals(suite.name(), client.getSession().getCipherSuite());
        }

        /** The record keys, once the client has sent its flight. */
        WireKeys keys() {
            TlcpSession session = (TlcpSession) (client.getHandshakeSession() != null ? client.getHandshakeSession() : client.getSession());
            return new WireKeys(suite, session.masterSecret(), clientHello.get(0), serverFlight.get(0));
        }
    }

    // ---- what every fault must end in

    /**
     * Delivers {@code input} to {@code finder}, which must refuse one of its records with
     * {@code alert}; then checks the one fatal alert record it sends (in the clear unless
     * {@code encrypted}) and has {@code peer} read it.
     */
    private static TlcpAlertException refused(SSLEngine finder, List<byte[]> input, Alert alert, SSLEngine peer, boolean encrypted)
            throws SSLException {
        boolean established = established(finder);
        TlcpAlertException fault = alertOf(assertThrows(SSLException.class, () -> deliver(finder, input)), established);
        assertEquals(alert.code, fault.description(), fault.getMessage());
        assertFalse(fault.received());
        assertTrue(fault.getMessage().startsWith(alert.standardName()), fault.getMessage());
        List<byte[]> sent = flight(finder);
        assertEquals(1, sent.size(), "records sent after the fault");
        byte[] record = sent.get(0);
        assertArrayEquals(new byte[] {ALERT, 1, 1}, Arrays.copyOf(record, 3), "an alert record of version 0x0101");
        if (encrypted) {
            assertTrue(record.length > HEADER + 2, "an encrypted alert, " + record.length + " bytes");
        } else {
            assertArrayEquals(new byte[] {ALERT, 1, 1, 0, 2, 2, (byte) alert.code}, record);
        }
        closed(finder);
        if (peer != null) {
            readsFatalAlert(peer, record, alert);
        }
        return fault;
    }

    private static TlcpAlertException refused(SSLEngine finder, byte[] input, Alert alert, SSLEngine peer, boolean encrypted)
            throws SSLException {
        return refused(finder, List.of(input), alert, peer, encrypted);
    }

    /** The peer, given a fatal alert, throws "received fatal alert NAME", sends nothing and is closed. */
    private static void readsFatalAlert(SSLEngine peer, byte[] alertRecord, Alert alert) throws SSLException {
        boolean established = established(peer);
        TlcpAlertException received = alertOf(assertThrows(SSLException.class, () -> deliver(peer, alertRecord)), established);
        assertTrue(received.received());
        assertEquals(alert.code, received.description());
        assertTrue(received.getMessage().startsWith("received fatal alert " + alert.standardName()), received.getMessage());
        assertEquals(0, flight(peer).size(), "records sent in answer to a fatal alert");
        closed(peer);
    }

    /** Whether the engine has finished a handshake: its failures are then not handshake failures. */
    private static boolean established(SSLEngine engine) {
        return !engine.getSession().getCipherSuite().equals("SSL_NULL_WITH_NULL_NULL");
    }

    /**
     * The alert of a failure: during the handshake the {@code TlcpAlertException} itself (an
     * {@code SSLHandshakeException}); after it a plain {@code SSLException} carrying it as its cause.
     */
    private static TlcpAlertException alertOf(SSLException thrown, boolean established) {
        if (!established) {
            return assertInstanceOf(TlcpAlertException.class, thrown, "a handshake failure");
        }
        assertFalse(thrown instanceof javax.net.ssl.SSLHandshakeException, "after the handshake: " + thrown);
        assertEquals(thrown.getMessage(), thrown.getCause().getMessage());
        return assertInstanceOf(TlcpAlertException.class, thrown.getCause(), "the alert, as the cause");
    }

    private static void closed(SSLEngine engine) throws SSLException {
        assertTrue(engine.isInboundDone(), "inbound done");
        assertTrue(engine.isOutboundDone(), "outbound done");
        SSLEngineResult after = engine.wrap(ByteBuffer.allocate(0), ByteBuffer.allocate(TlcpRecords.RECORD_ROOM));
        assertEquals(Status.CLOSED, after.getStatus());
        assertEquals(0, after.bytesProduced());
    }

    /** Data both ways after the handshake, each arriving whole. */
    private static void exchange(Connection c) throws SSLException {
        byte[] data = "still talking".getBytes(StandardCharsets.US_ASCII);
        for (SSLEngine from : new SSLEngine[] {c.client, c.server}) {
            SSLEngine to = from == c.client ? c.server : c.client;
            ByteArrayOutputStream received = new ByteArrayOutputStream();
            for (byte[] record : applicationRecords(from, data)) {
                received.writeBytes(deliver(to, record));
            }
            assertArrayEquals(data, received.toByteArray());
        }
    }

    private static byte[] flipped(byte[] bytes, int index) {
        byte[] copy = bytes.clone();
        copy[index] ^= 1;
        return copy;
    }

    private static List<byte[]> replaced(List<byte[]> records, int index, byte[] record) {
        List<byte[]> copy = new ArrayList<>(records);
        copy.set(index, record);
        return copy;
    }

    // ---- the record layer

    @Test
    void aRecordArrivingInPiecesIsWaitedForAndThenRead() throws Exception {
        Connection c = new Connection(TlcpSuite.TLCP_ECC_SM4_CBC_SM3, false);
        byte[] hello = c.clientHello().get(0);
        ByteBuffer application = ByteBuffer.allocate(TlcpRecords.RECORD_ROOM);
        ByteBuffer in = ByteBuffer.allocate(hello.length);
        in.put(hello, 0, HEADER).flip();
        SSLEngineResult headerOnly = c.server.unwrap(in, application);
        assertEquals(Status.BUFFER_UNDERFLOW, headerOnly.getStatus());
        assertEquals(0, headerOnly.bytesConsumed());
        in.compact().put(hello, HEADER, 10).flip();
        SSLEngineResult cut = c.server.unwrap(in, application);
        assertEquals(Status.BUFFER_UNDERFLOW, cut.getStatus());
        assertEquals(0, cut.bytesConsumed());
        in.compact().put(hello, HEADER + 10, hello.length - HEADER - 10).flip();
        SSLEngineResult whole = c.server.unwrap(in, application);
        assertEquals(Status.OK, whole.getStatus());
        assertEquals(hello.length, whole.bytesConsumed());
        assertEquals(SERVER_HELLO, TlcpRecords.handshakeType(flight(c.server).get(0)));
    }

    @Test
    void inputEndingInsideARecordIsATruncation() throws Exception {
        Connection c = new Connection(TlcpSuite.TLCP_ECC_SM4_CBC_SM3, false);
        byte[] hello = c.clientHello().get(0);
        SSLEngineResult cut = c.server.unwrap(ByteBuffer.wrap(hello, 0, hello.length - 1), ByteBuffer.allocate(TlcpRecords.RECORD_ROOM));
        assertEquals(Status.BUFFER_UNDERFLOW, cut.getStatus());
        assertThrows(SSLException.class, c.server::closeInbound);
        assertTrue(c.server.isInboundDone());
        List<byte[]> sent = flight(c.server);
        assertEquals(1, sent.size());
        assertEquals(ALERT, sent.get(0)[0]);
        assertEquals(HEADER + 2, sent.get(0).length);
        assertTrue(c.server.isOutboundDone());
    }

    @ParameterizedTest
    @CsvSource({"TLCP_ECC_SM4_CBC_SM3, 1", "TLCP_ECC_SM4_CBC_SM3, 16", "TLCP_ECC_SM4_CBC_SM3, 152",
        "TLCP_ECC_SM4_GCM_SM3, 1", "TLCP_ECC_SM4_GCM_SM3, 16", "TLCP_ECC_SM4_GCM_SM3, 116"})
    void aProtectedRecordCutShortIsABadRecordMac(TlcpSuite suite, int removed) throws Exception {
        Connection c = new Connection(suite, false);
        c.complete();
        byte[] data = applicationRecords(c.client, new byte[100]).get(0);
        byte[] fragment = fragment(data);
        byte[] shorter = record(APPLICATION_DATA, Arrays.copyOf(fragment, fragment.length - removed));
        refused(c.server, shorter, Alert.BAD_RECORD_MAC, c.client, true);
    }

    @Test
    void aHandshakeMessageCutShortBeforeChangeCipherSpecIsUnexpected() throws Exception {
        Connection c = new Connection(TlcpSuite.TLCP_ECC_SM4_CBC_SM3, false);
        List<byte[]> flight = c.clientFlight();
        int exchange = indexOf(flight, CLIENT_KEY_EXCHANGE);
        byte[] cut = record(HANDSHAKE, Arrays.copyOf(fragment(flight.get(exchange)), 10));
        List<byte[]> input = List.of(cut, flight.get(indexOfChangeCipherSpec(flight)));
        refused(c.server, input, Alert.UNEXPECTED_MESSAGE, c.client, false);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 19, 24, 255})
    void aRecordOfUnknownTypeIsUnexpected(int type) throws Exception {
        Connection c = new Connection(TlcpSuite.TLCP_ECC_SM4_CBC_SM3, false);
        byte[] hello = c.clientHello().get(0).clone();
        hello[0] = (byte) type;
        refused(c.server, hello, Alert.UNEXPECTED_MESSAGE, c.client, false);
    }

    @ParameterizedTest
    @ValueSource(ints = {0x0303, 0x0301, 0x0100, 0x0102, 0x0000})
    void aRecordOfAnotherVersionIsRefused(int version) throws Exception {
        Connection c = new Connection(TlcpSuite.TLCP_ECC_SM4_CBC_SM3, false);
        byte[] hello = c.clientHello().get(0);
        refused(c.server, record(HANDSHAKE, version, fragment(hello)), Alert.PROTOCOL_VERSION, c.client, false);
    }

    @Test
    void aProtectedRecordOfAnotherVersionIsRefused() throws Exception {
        Connection c = new Connection(TlcpSuite.TLCP_ECC_SM4_GCM_SM3, false);
        c.complete();
        byte[] data = applicationRecords(c.client, new byte[20]).get(0);
        refused(c.server, record(APPLICATION_DATA, 0x0303, fragment(data)), Alert.PROTOCOL_VERSION, c.client, true);
    }

    @Test
    void aRecordHeaderClaimingMoreThanTheLimitOverflowsAtOnce() throws Exception {
        Connection c = new Connection(TlcpSuite.TLCP_ECC_SM4_CBC_SM3, false);
        c.clientHello();
        // 2^14 + 2048 + 1 bytes announced, none of them sent
        byte[] header = {HANDSHAKE, 1, 1, 0x48, 0x01};
        refused(c.server, header, Alert.RECORD_OVERFLOW, c.client, false);
    }

    @Test
    void aPlaintextRecordOverTwoToTheFourteenOverflows() throws Exception {
        Connection c = new Connection(TlcpSuite.TLCP_ECC_SM4_CBC_SM3, false);
        byte[] hello = fragment(c.clientHello().get(0));
        byte[] longer = Arrays.copyOf(hello, (1 << 14) + 1);
        refused(c.server, record(HANDSHAKE, longer), Alert.RECORD_OVERFLOW, c.client, false);
    }

    @ParameterizedTest
    @EnumSource(value = TlcpSuite.class, names = {"TLCP_ECC_SM4_CBC_SM3", "TLCP_ECC_SM4_GCM_SM3"})
    void aProtectedRecordOverTheLimitOverflows(TlcpSuite suite) throws Exception {
        Connection c = new Connection(suite, false);
        c.complete();
        byte[] header = {APPLICATION_DATA, 1, 1, 0x48, 0x01};
        refused(c.server, header, Alert.RECORD_OVERFLOW, c.client, true);
    }

    @ParameterizedTest
    @EnumSource(value = TlcpSuite.class, names = {"TLCP_ECC_SM4_CBC_SM3", "TLCP_ECC_SM4_GCM_SM3"})
    void aProtectedRecordOpeningToOverTwoToTheFourteenOverflows(TlcpSuite suite) throws Exception {
        Connection c = new Connection(suite, false);
        c.complete();
        byte[] tooMuch = c.keys().seal(true, 1, APPLICATION_DATA, new byte[(1 << 14) + 1]);
        refused(c.server, tooMuch, Alert.RECORD_OVERFLOW, c.client, true);
    }

    @ParameterizedTest
    @CsvSource({"TLCP_ECC_SM4_CBC_SM3, 0", "TLCP_ECC_SM4_CBC_SM3, 60", "TLCP_ECC_SM4_CBC_SM3, -1",
        "TLCP_ECC_SM4_GCM_SM3, 0", "TLCP_ECC_SM4_GCM_SM3, 60", "TLCP_ECC_SM4_GCM_SM3, -1"})
    void aFlippedBitInAProtectedRecordIsABadRecordMac(TlcpSuite suite, int position) throws Exception {
        Connection c = new Connection(suite, false);
        c.complete();
        byte[] data = applicationRecords(c.client, new byte[100]).get(0);
        // position 0: the CBC IV or the GCM explicit nonce; -1: the last byte (padding block or tag)
        int index = position >= 0 ? HEADER + position : data.length + position;
        refused(c.server, flipped(data, index), Alert.BAD_RECORD_MAC, c.client, true);
    }

    @Test
    void badPaddingAndABadMacAreOneAndTheSameFailure() throws Exception {
        byte[] content = new byte[16]; // 16 + 32 + 1: fifteen bytes of padding fill the last block
        List<UnaryOperator<byte[]>> spoilers = List.of(
                body -> flipped(body, 16), // the MAC's first byte
                body -> flipped(body, 48), // the first padding byte
                body -> flipped(body, body.length - 1), // padding_length 14 against fifteen bytes of 15
                body -> {
                    byte[] spoiled = body.clone();
                    spoiled[spoiled.length - 1] = (byte) 200; // more padding than the record holds
                    return spoiled;
                });
        Set<String> messages = new HashSet<>();
        for (UnaryOperator<byte[]> spoiler : spoilers) {
            Connection c = new Connection(TlcpSuite.TLCP_ECC_SM4_CBC_SM3, false);
            c.complete();
            WireKeys keys = c.keys();
            byte[] body = keys.cbcBody(true, 1, APPLICATION_DATA, content, 15);
            byte[] spoiled = record(APPLICATION_DATA, keys.cbcFragment(true, spoiler.apply(body)));
            messages.add(refused(c.server, spoiled, Alert.BAD_RECORD_MAC, c.client, true).getMessage());
        }
        assertEquals(1, messages.size(), messages.toString());
    }

    @Test
    void theLongestPaddingIsAccepted() throws Exception {
        Connection c = new Connection(TlcpSuite.TLCP_ECC_SM4_CBC_SM3, false);
        c.complete();
        WireKeys keys = c.keys();
        byte[] content = RecordReference.pattern(16, 0x61);
        // 16 bytes of content, 32 of MAC and 256 of padding: 19 blocks
        byte[] padded = record(APPLICATION_DATA, keys.cbcFragment(true, keys.cbcBody(true, 1, APPLICATION_DATA, content, 255)));
        assertArrayEquals(content, deliver(c.server, padded));
        assertFalse(c.server.isInboundDone());
    }

    // ---- the handshake's order

    @Test
    void serverHelloDoneBeforeCertificateIsUnexpected() throws Exception {
        Connection c = new Connection(TlcpSuite.TLCP_ECC_SM4_CBC_SM3, false);
        List<byte[]> flight = c.serverFlight();
        List<byte[]> reordered = List.of(flight.get(indexOf(flight, SERVER_HELLO)), flight.get(indexOf(flight, SERVER_HELLO_DONE)));
        refused(c.client, reordered, Alert.UNEXPECTED_MESSAGE, c.server, false);
    }

    @Test
    void finishedBeforeChangeCipherSpecIsUnexpected() throws Exception {
        Connection c = new Connection(TlcpSuite.TLCP_ECC_SM4_CBC_SM3, false);
        List<byte[]> flight = c.clientFlight();
        byte[] finishedInTheClear = record(HANDSHAKE, handshakeMessage(FINISHED, new byte[12]));
        List<byte[]> input = List.of(flight.get(indexOf(flight, CLIENT_KEY_EXCHANGE)), finishedInTheClear);
        refused(c.server, input, Alert.UNEXPECTED_MESSAGE, c.client, false);
    }

    @Test
    void changeCipherSpecBeforeClientKeyExchangeIsUnexpected() throws Exception {
        Connection c = new Connection(TlcpSuite.TLCP_ECC_SM4_CBC_SM3, false);
        List<byte[]> flight = c.clientFlight();
        refused(c.server, flight.get(indexOfChangeCipherSpec(flight)), Alert.UNEXPECTED_MESSAGE, c.client, false);
    }

    @ParameterizedTest
    @EnumSource(value = TlcpSuite.class, names = {"TLCP_ECC_SM4_CBC_SM3", "TLCP_ECC_SM4_GCM_SM3"})
    void changeCipherSpecTwiceIsUnexpected(TlcpSuite suite) throws Exception {
        Connection c = new Connection(suite, false);
        List<byte[]> flight = c.clientFlight();
        WireKeys keys = c.keys();
        int ccs = indexOfChangeCipherSpec(flight);
        byte[] finished = keys.open(true, 0, flight.get(ccs + 1));
        List<byte[]> input = List.of(flight.get(indexOf(flight, CLIENT_KEY_EXCHANGE)), flight.get(ccs),
                keys.seal(true, 0, CHANGE_CIPHER_SPEC, new byte[] {1}), keys.seal(true, 1, HANDSHAKE, finished));
        refused(c.server, input, Alert.UNEXPECTED_MESSAGE, c.client, false);
    }

    @Test
    void aChangeCipherSpecInTheClearAfterTheFirstIsABadRecordMac() throws Exception {
        Connection c = new Connection(TlcpSuite.TLCP_ECC_SM4_CBC_SM3, false);
        List<byte[]> flight = c.clientFlight();
        int ccs = indexOfChangeCipherSpec(flight);
        List<byte[]> input = List.of(flight.get(indexOf(flight, CLIENT_KEY_EXCHANGE)), flight.get(ccs), flight.get(ccs));
        refused(c.server, input, Alert.BAD_RECORD_MAC, c.client, false);
    }

    @Test
    void aChangeCipherSpecAfterTheHandshakeIsUnexpected() throws Exception {
        Connection c = new Connection(TlcpSuite.TLCP_ECC_SM4_GCM_SM3, false);
        c.complete();
        byte[] ccs = c.keys().seal(true, 1, CHANGE_CIPHER_SPEC, new byte[] {1});
        refused(c.server, ccs, Alert.UNEXPECTED_MESSAGE, c.client, true);
    }

    @Test
    void applicationDataBeforeTheClientHelloIsUnexpected() throws Exception {
        Connection c = new Connection(TlcpSuite.TLCP_ECC_SM4_CBC_SM3, false);
        List<byte[]> input = List.of(c.clientHello().get(0), record(APPLICATION_DATA, "early".getBytes(StandardCharsets.US_ASCII)));
        refused(c.server, input, Alert.UNEXPECTED_MESSAGE, c.client, false);
    }

    @Test
    void applicationDataToTheClientDuringTheHandshakeIsUnexpected() throws Exception {
        Connection c = new Connection(TlcpSuite.TLCP_ECC_SM4_CBC_SM3, false);
        List<byte[]> flight = c.serverFlight();
        List<byte[]> input = List.of(flight.get(0), record(APPLICATION_DATA, "early".getBytes(StandardCharsets.US_ASCII)));
        refused(c.client, input, Alert.UNEXPECTED_MESSAGE, c.server, false);
    }

    @ParameterizedTest
    @EnumSource(value = TlcpSuite.class, names = {"TLCP_ECC_SM4_CBC_SM3", "TLCP_ECC_SM4_GCM_SM3"})
    void applicationDataBetweenChangeCipherSpecAndFinishedIsUnexpected(TlcpSuite suite) throws Exception {
        Connection c = new Connection(suite, false);
        List<byte[]> flight = c.clientFlight();
        int ccs = indexOfChangeCipherSpec(flight);
        byte[] early = c.keys().seal(true, 0, APPLICATION_DATA, "early".getBytes(StandardCharsets.US_ASCII));
        List<byte[]> input = List.of(flight.get(indexOf(flight, CLIENT_KEY_EXCHANGE)), flight.get(ccs), early);
        refused(c.server, input, Alert.UNEXPECTED_MESSAGE, c.client, false);
    }

    // ---- Finished and signatures

    @ParameterizedTest
    @EnumSource(value = TlcpSuite.class, names = {"TLCP_ECC_SM4_CBC_SM3", "TLCP_ECC_SM4_GCM_SM3"})
    void aCorruptedClientFinishedIsADecryptError(TlcpSuite suite) throws Exception {
        Connection c = new Connection(suite, false);
        List<byte[]> flight = c.clientFlight();
        WireKeys keys = c.keys();
        int finishedAt = indexOfChangeCipherSpec(flight) + 1;
        byte[] finished = keys.open(true, 0, flight.get(finishedAt));
        assertEquals(FINISHED, finished[0]);
        byte[] corrupted = keys.seal(true, 0, HANDSHAKE, flipped(finished, 4));
        refused(c.server, replaced(flight, finishedAt, corrupted), Alert.DECRYPT_ERROR, c.client, false);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 11, 13, 32})
    void aClientFinishedOfAnotherLengthIsADecodeError(int length) throws Exception {
        Connection c = new Connection(TlcpSuite.TLCP_ECC_SM4_GCM_SM3, false);
        List<byte[]> flight = c.clientFlight();
        WireKeys keys = c.keys();
        int finishedAt = indexOfChangeCipherSpec(flight) + 1;
        byte[] verifyData = Arrays.copyOfRange(keys.open(true, 0, flight.get(finishedAt)), 4, 16);
        byte[] resized = keys.seal(true, 0, HANDSHAKE, handshakeMessage(FINISHED, Arrays.copyOf(verifyData, length)));
        refused(c.server, replaced(flight, finishedAt, resized), Alert.DECODE_ERROR, c.client, false);
    }

    @ParameterizedTest
    @EnumSource(value = TlcpSuite.class, names = {"TLCP_ECC_SM4_CBC_SM3", "TLCP_ECC_SM4_GCM_SM3"})
    void aCorruptedServerFinishedIsADecryptError(TlcpSuite suite) throws Exception {
        Connection c = new Connection(suite, false);
        List<byte[]> finish = c.serverFinish();
        WireKeys keys = c.keys();
        byte[] finished = keys.open(false, 0, finish.get(1));
        byte[] corrupted = keys.seal(false, 0, HANDSHAKE, flipped(finished, 15));
        // the client has sent its ChangeCipherSpec: its alert is encrypted
        refused(c.client, List.of(finish.get(0), corrupted), Alert.DECRYPT_ERROR, c.server, true);
    }

    @ParameterizedTest
    @EnumSource(value = TlcpSuite.class, names = {"TLCP_ECC_SM4_CBC_SM3", "TLCP_ECC_SM4_GCM_SM3"})
    void aServerKeyExchangeWithABadSignatureIsADecryptError(TlcpSuite suite) throws Exception {
        Connection c = new Connection(suite, false);
        List<byte[]> flight = c.serverFlight();
        int exchange = indexOf(flight, SERVER_KEY_EXCHANGE);
        byte[] spoiled = flipped(flight.get(exchange), flight.get(exchange).length - 1);
        refused(c.client, replaced(flight, exchange, spoiled), Alert.DECRYPT_ERROR, c.server, false);
    }

    @ParameterizedTest
    @EnumSource(value = TlcpSuite.class, names = {"TLCP_ECDHE_SM4_CBC_SM3", "TLCP_ECDHE_SM4_GCM_SM3"})
    void aServerKeyExchangeWithAnotherPointThanSignedIsADecryptError(TlcpSuite suite) throws Exception {
        Connection c = new Connection(suite, true);
        List<byte[]> flight = c.serverFlight();
        int exchange = indexOf(flight, SERVER_KEY_EXCHANGE);
        // record header, message header, curve_type, named curve, point length, 04; then x
        byte[] spoiled = flipped(flight.get(exchange), HEADER + 4 + 5 + 10);
        refused(c.client, replaced(flight, exchange, spoiled), Alert.DECRYPT_ERROR, c.server, false);
    }

    // ---- certificates

    private static byte[] certificateRecord(String... names) throws Exception {
        ByteArrayOutputStream list = new ByteArrayOutputStream();
        for (String name : names) {
            list.writeBytes(vector24(pki.certificate(name).getEncoded()));
        }
        return record(HANDSHAKE, handshakeMessage(CERTIFICATE, vector24(list.toByteArray())));
    }

    @ParameterizedTest
    @EnumSource(value = TlcpSuite.class, names = {"TLCP_ECC_SM4_CBC_SM3", "TLCP_ECDHE_SM4_GCM_SM3"})
    void anEncryptionCertificateWithoutKeyEnciphermentIsUnsupported(TlcpSuite suite) throws Exception {
        Connection c = new Connection(suite, suite.ephemeral());
        List<byte[]> flight = c.serverFlight();
        byte[] list = certificateRecord("server_sign", "server_enc_signing_only", "inter");
        refused(c.client, replaced(flight, indexOf(flight, CERTIFICATE), list), Alert.UNSUPPORTED_CERTIFICATE, c.server, false);
    }

    @ParameterizedTest
    @ValueSource(strings = {"server_sign inter", "server_sign"})
    void aServerListWithoutAnEncryptionCertificateIsABadCertificate(String names) throws Exception {
        Connection c = new Connection(TlcpSuite.TLCP_ECC_SM4_CBC_SM3, false);
        List<byte[]> flight = c.serverFlight();
        byte[] list = certificateRecord(names.split(" "));
        refused(c.client, replaced(flight, indexOf(flight, CERTIFICATE), list), Alert.BAD_CERTIFICATE, c.server, false);
    }

    @ParameterizedTest
    @EnumSource(value = TlcpSuite.class, names = {"TLCP_ECC_SM4_CBC_SM3", "TLCP_ECDHE_SM4_GCM_SM3"})
    void aClientCertificateFromAnUntrustedCaIsRefused(TlcpSuite suite) throws Exception {
        SSLContext strangerClient = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        strangerClient.init(stranger.keyManagers("client"), pki.trustManagers(), null);
        Connection c = new Connection(strangerClient, suite, true);
        List<byte[]> flight = c.clientFlight();
        assertEquals(CERTIFICATE, TlcpRecords.handshakeType(flight.get(0)));
        refused(c.server, flight, Alert.CERTIFICATE_UNKNOWN, c.client, false);
    }

    // ---- key exchange

    private static byte[] sm2Encrypt(byte[] preMaster) throws Exception {
        PublicKey serverEnc = pki.certificate("server_enc").getPublicKey();
        Cipher cipher = Cipher.getInstance("SM2");
        cipher.init(Cipher.ENCRYPT_MODE, serverEnc);
        return cipher.doFinal(preMaster);
    }

    private static byte[] preMaster(int version, int length) {
        byte[] secret = RecordReference.pattern(length, 0x55);
        secret[0] = (byte) (version >>> 8);
        secret[1] = (byte) version;
        return secret;
    }

    @ParameterizedTest
    @EnumSource(value = TlcpSuite.class, names = {"TLCP_ECC_SM4_CBC_SM3", "TLCP_ECC_SM4_GCM_SM3"})
    void aSpoiledPreMasterSecretFailsAtFinishedLikeAnyWrongKey(TlcpSuite suite) throws Exception {
        List<UnaryOperator<byte[]>> spoilers = List.of(
                ciphertext -> flipped(ciphertext, ciphertext.length / 2),
                ciphertext -> flipped(ciphertext, ciphertext.length - 1),
                ciphertext -> Arrays.copyOf(ciphertext, ciphertext.length - 1),
                ciphertext -> Arrays.copyOf(ciphertext, ciphertext.length + 1),
                ciphertext -> new byte[0],
                ciphertext -> encrypted(preMaster(0x0101, 48)), // a good one, of another secret
                ciphertext -> encrypted(preMaster(0x0303, 48)),
                ciphertext -> encrypted(preMaster(0x0101, 47)),
                ciphertext -> encrypted(preMaster(0x0101, 49)));
        Set<String> messages = new HashSet<>();
        for (UnaryOperator<byte[]> spoiler : spoilers) {
            Connection c = new Connection(suite, false);
            List<byte[]> flight = c.clientFlight();
            int exchange = indexOf(flight, CLIENT_KEY_EXCHANGE);
            byte[] ciphertext = new MessageReader(TlcpRecords.handshakeBody(flight.get(exchange)), "test").vector16();
            byte[] spoiled = record(HANDSHAKE, handshakeMessage(CLIENT_KEY_EXCHANGE, vector16(spoiler.apply(ciphertext))));
            int ccs = indexOfChangeCipherSpec(flight);
            deliver(c.server, spoiled);
            deliver(c.server, flight.get(ccs));
            messages.add(refused(c.server, flight.get(ccs + 1), Alert.BAD_RECORD_MAC, c.client, false).getMessage());
        }
        assertEquals(1, messages.size(), messages.toString());
    }

    private static byte[] encrypted(byte[] preMaster) {
        try {
            return sm2Encrypt(preMaster);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @ParameterizedTest
    @CsvSource({"TLCP_ECDHE_SM4_GCM_SM3, 79", "TLCP_ECDHE_SM4_GCM_SM3, 13", "TLCP_ECDHE_SM4_GCM_SM3, 11",
        "TLCP_ECDHE_SM4_CBC_SM3, 79", "TLCP_ECDHE_SM4_CBC_SM3, 13"})
    void anEcdheClientKeyExchangeOffTheCurveIsAnIllegalParameter(TlcpSuite suite, int index) throws Exception {
        // index in the record: 11 curve_type, 12-13 named curve (41), 14 point length, 15 the 04, 79 the last of y
        Connection c = new Connection(suite, true);
        List<byte[]> flight = c.clientFlight();
        int exchange = indexOf(flight, CLIENT_KEY_EXCHANGE);
        byte[] original = flight.get(exchange);
        assertEquals(80, original.length);
        byte[] spoiled = original.clone();
        spoiled[index] = (byte) (index == 13 ? 23 : original[index] ^ (index == 11 ? 2 : 1)); // secp256r1; explicit_prime
        refused(c.server, flight.subList(0, exchange + 1).stream().map(r -> r == original ? spoiled : r).toList(),
                Alert.ILLEGAL_PARAMETER, c.client, false);
    }

    @Test
    void aClientHelloOfTls12IsAProtocolVersion() throws Exception {
        Connection c = new Connection(TlcpSuite.TLCP_ECC_SM4_CBC_SM3, false);
        byte[] hello = c.clientHello().get(0).clone();
        assertEquals(CLIENT_HELLO, hello[HEADER]);
        hello[HEADER + 4] = 3;
        hello[HEADER + 5] = 3;
        refused(c.server, hello, Alert.PROTOCOL_VERSION, c.client, false);
    }

    // ---- after the handshake

    @ParameterizedTest
    @EnumSource(value = TlcpSuite.class, names = {"TLCP_ECC_SM4_CBC_SM3", "TLCP_ECC_SM4_GCM_SM3"})
    void aClientHelloAfterTheHandshakeIsDeclinedWithAWarning(TlcpSuite suite) throws Exception {
        Connection c = new Connection(suite, false);
        c.complete();
        WireKeys keys = c.keys();
        ((TlcpEngine) c.client).connection().queueHandshake(fragment(c.clientHello.get(0)));
        List<byte[]> hello = flight(c.client);
        assertEquals(1, hello.size());
        deliver(c.server, hello);
        List<byte[]> answer = flight(c.server);
        assertEquals(1, answer.size());
        assertEquals(ALERT, answer.get(0)[0]);
        assertArrayEquals(new byte[] {1, (byte) Alert.NO_RENEGOTIATION.code}, keys.open(false, 1, answer.get(0)));
        deliver(c.client, answer);
        exchange(c);
        assertFalse(c.server.isInboundDone() || c.server.isOutboundDone() || c.client.isInboundDone() || c.client.isOutboundDone());
    }

    @Test
    void aHelloRequestAfterTheHandshakeIsDeclinedWithAWarning() throws Exception {
        Connection c = new Connection(TlcpSuite.TLCP_ECC_SM4_GCM_SM3, false);
        c.complete();
        WireKeys keys = c.keys();
        ((TlcpEngine) c.server).connection().queueHandshake(handshakeMessage(0, new byte[0]));
        deliver(c.client, flight(c.server));
        List<byte[]> answer = flight(c.client);
        assertEquals(1, answer.size());
        assertArrayEquals(new byte[] {1, (byte) Alert.NO_RENEGOTIATION.code}, keys.open(true, 1, answer.get(0)));
        deliver(c.server, answer);
        exchange(c);
    }

    @Test
    void beginHandshakeAfterTheHandshakeIsRefused() throws Exception {
        Connection c = new Connection(TlcpSuite.TLCP_ECC_SM4_CBC_SM3, false);
        c.complete();
        assertThrows(SSLException.class, c.client::beginHandshake);
        assertThrows(SSLException.class, c.server::beginHandshake);
        assertEquals(0, flight(c.client).size());
        exchange(c);
    }

    // ---- alerts from the peer

    @Test
    void aFatalAlertFromThePeerEndsTheHandshake() throws Exception {
        Connection c = new Connection(TlcpSuite.TLCP_ECC_SM4_CBC_SM3, false);
        deliver(c.server, c.clientHello());
        byte[] alert = record(ALERT, new byte[] {2, (byte) Alert.HANDSHAKE_FAILURE.code});
        readsFatalAlert(c.server, alert, Alert.HANDSHAKE_FAILURE);
    }

    @ParameterizedTest
    @EnumSource(value = TlcpSuite.class, names = {"TLCP_ECC_SM4_CBC_SM3", "TLCP_ECC_SM4_GCM_SM3"})
    void anEncryptedFatalAlertFromThePeerEndsTheConnection(TlcpSuite suite) throws Exception {
        Connection c = new Connection(suite, false);
        c.complete();
        byte[] alert = c.keys().seal(true, 1, ALERT, new byte[] {2, (byte) Alert.INTERNAL_ERROR.code});
        readsFatalAlert(c.server, alert, Alert.INTERNAL_ERROR);
    }
}
