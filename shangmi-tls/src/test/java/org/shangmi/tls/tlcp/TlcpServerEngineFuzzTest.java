package org.shangmi.tls.tlcp;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.shangmi.tls.ShangMiTlsProvider;

/**
 * A fuzz target over what a TLCP server engine reads: the bytes go to {@code unwrap} (and
 * whatever the engine wants to send to {@code wrap}) until it stops taking them. The engine may
 * refuse input only with an {@link SSLException}; any other exception, or application data handed
 * out before a handshake the fuzzer cannot finish, is a finding.
 *
 * <p>So that the fuzzer reaches the states after ClientHello, the input may start with records of
 * a real client's flight, made at set-up against this server's certificates: byte 0 chooses the
 * flight ({@link #FLIGHTS}: both ECC suites without client certificates, all four suites with
 * them, the server asking for them in those), byte 1 how many of its records come first; the
 * rest of the input follows them. The client's Finished and CertificateVerify never match (the
 * server's random is new each time), so the deepest states are the key exchange, the
 * ChangeCipherSpec and the record protection under the negotiated keys. {@code bin/fuzz 600
 * tlcpServerRecords} fuzzes it; every build runs its inputs.
 */
class TlcpServerEngineFuzzTest {

    /** The captured flights: suite, and whether the server asks for client certificates. */
    record Flight(TlcpSuite suite, boolean clientAuth) {
    }

    static final List<Flight> FLIGHTS = List.of(
            new Flight(TlcpSuite.TLCP_ECC_SM4_CBC_SM3, false),
            new Flight(TlcpSuite.TLCP_ECC_SM4_GCM_SM3, false),
            new Flight(TlcpSuite.TLCP_ECC_SM4_CBC_SM3, true),
            new Flight(TlcpSuite.TLCP_ECC_SM4_GCM_SM3, true),
            new Flight(TlcpSuite.TLCP_ECDHE_SM4_CBC_SM3, true),
            new Flight(TlcpSuite.TLCP_ECDHE_SM4_GCM_SM3, true));
    private static final int MAX_ROUNDS = 64;

    private static Path directory;
    private static boolean installed;
    private static SSLContext server;
    /** For each of {@link #FLIGHTS}: the client's records, ClientHello first. */
    private static List<List<byte[]>> clientRecords;

    @BeforeAll
    static void setUp() throws Exception {
        installed = RecordReference.installShangMi();
        directory = Files.createTempDirectory("tlcp-fuzz");
        OpenSslTlcpPki pki = new OpenSslTlcpPki(directory);
        server = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        server.init(pki.keyManagers("server"), pki.trustManagers(), null);
        SSLContext client = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        client.init(pki.keyManagers("client"), pki.trustManagers(), null);
        clientRecords = new ArrayList<>();
        int port = 6000;
        for (Flight flight : FLIGHTS) {
            clientRecords.add(capture(client, server, flight, port++));
        }
    }

    @AfterAll
    static void tearDown() throws Exception {
        RecordReference.uninstallShangMi(installed);
        try (var files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }

    /** Every record a client sends in a full handshake with the server, in order. */
    static List<byte[]> capture(SSLContext clientSide, SSLContext serverSide, Flight flight, int port) throws SSLException {
        SSLEngine client = clientSide.createSSLEngine("localhost", port);
        client.setUseClientMode(true);
        client.setEnabledCipherSuites(new String[] {flight.suite().name()});
        SSLEngine server = serverSide.createSSLEngine();
        server.setUseClientMode(false);
        server.setNeedClientAuth(flight.clientAuth());
        List<byte[]> sent = new ArrayList<>();
        List<byte[]> hello = TlcpRecords.flight(client);
        sent.addAll(hello);
        TlcpRecords.deliver(server, hello);
        TlcpRecords.deliver(client, TlcpRecords.flight(server));
        List<byte[]> rest = TlcpRecords.flight(client);
        sent.addAll(rest);
        TlcpRecords.deliver(server, rest);
        TlcpRecords.deliver(client, TlcpRecords.flight(server));
        if (client.getHandshakeStatus() != SSLEngineResult.HandshakeStatus.NOT_HANDSHAKING) {
            throw new IllegalStateException("the handshake to capture did not finish: " + flight);
        }
        return sent;
    }

    @FuzzTest(maxDuration = "5s")
    void serverRecords(byte[] input) throws Exception {
        Flight flight = FLIGHTS.get(0);
        ByteArrayOutputStream records = new ByteArrayOutputStream();
        int rawFrom = 0;
        if (input.length >= 2) {
            int choice = (input[0] & 0xff) % FLIGHTS.size();
            flight = FLIGHTS.get(choice);
            List<byte[]> captured = clientRecords.get(choice);
            int prefix = (input[1] & 0xff) % (captured.size() + 1);
            for (byte[] record : captured.subList(0, prefix)) {
                records.writeBytes(record);
            }
            rawFrom = 2;
        }
        records.write(input, rawFrom, input.length - rawFrom);

        SSLEngine engine = server.createSSLEngine();
        engine.setUseClientMode(false);
        engine.setNeedClientAuth(flight.clientAuth());
        ByteBuffer in = ByteBuffer.wrap(records.toByteArray());
        ByteBuffer application = ByteBuffer.allocate(engine.getSession().getApplicationBufferSize());
        ByteBuffer out = ByteBuffer.allocate(TlcpRecords.RECORD_ROOM);
        try {
            for (int round = 0; round < MAX_ROUNDS; round++) {
                out.clear();
                engine.wrap(ByteBuffer.allocate(0), out);
                SSLEngineResult read = engine.unwrap(in, application);
                if (read.getStatus() != SSLEngineResult.Status.OK || read.bytesConsumed() == 0 && read.bytesProduced() == 0
                        && read.getHandshakeStatus() != SSLEngineResult.HandshakeStatus.NEED_WRAP) {
                    break;
                }
            }
        } catch (SSLException refused) {
            return;
        }
        if (application.position() > 0) {
            throw new AssertionError("application data from a connection without a client Finished the fuzzer could forge");
        }
    }
}
