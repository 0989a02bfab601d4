package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import javax.net.ssl.SNIHostName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each handshake message's type reads what it writes (values drawn at random, as Go's
 * handshake_messages_test.go does), reads and writes back byte for byte every plaintext message
 * of the recorded connections, and refuses a body cut short or with bytes after its end.
 */
class HandshakeMessagesTest {

    private static final int ROUNDS = 200;

    private static byte[] bytes(Random random, int min, int max) {
        byte[] value = new byte[min + random.nextInt(max - min + 1)];
        random.nextBytes(value);
        return value;
    }

    /** encode, parse, encode: the same bytes; and the body is refused when cut short or extended. */
    private static void roundTrip(byte[] message, Parser parse) throws TlcpAlertException {
        byte[] body = Arrays.copyOfRange(message, 4, message.length);
        assertEquals(body.length, ((message[1] & 0xff) << 16) | ((message[2] & 0xff) << 8) | (message[3] & 0xff));
        assertArrayEquals(message, parse.parse(body), "read back and written again");
        byte[] longer = Arrays.copyOf(body, body.length + 1);
        assertEquals(TlcpAlert.DECODE_ERROR, assertThrows(TlcpAlertException.class, () -> parse.parse(longer)).description());
        if (body.length > 0) {
            byte[] shorter = Arrays.copyOf(body, body.length - 1);
            assertThrows(TlcpAlertException.class, () -> parse.parse(shorter));
        }
    }

    /** Parses a body and writes the message again. */
    private interface Parser {
        byte[] parse(byte[] body) throws TlcpAlertException;
    }

    @Test
    void clientHello() throws Exception {
        Random random = new Random(1);
        for (int i = 0; i < ROUNDS; i++) {
            byte[] extensions = random.nextBoolean() ? null : ClientHello.serverNameExtensions("host" + i + ".example");
            ClientHello hello = new ClientHello(random.nextInt(0x10000), bytes(random, 32, 32), bytes(random, 0, 32),
                    bytes(random, 1, 40), bytes(random, 1, 4), extensions);
            byte[] message = hello.encode();
            assertEquals(HandshakeType.CLIENT_HELLO.code, message[0]);
            ClientHello read = ClientHello.parse(Arrays.copyOfRange(message, 4, message.length));
            assertEquals(hello.version(), read.version());
            assertArrayEquals(hello.random(), read.random());
            assertArrayEquals(hello.sessionId(), read.sessionId());
            assertArrayEquals(hello.suites(), read.suites());
            assertArrayEquals(hello.compressionMethods(), read.compressionMethods());
            assertArrayEquals(hello.extensions(), read.extensions());
            if (extensions != null) {
                assertEquals(List.of(new SNIHostName("host" + i + ".example")), read.serverNames());
            }
            roundTrip(message, body -> ClientHello.parse(body).encode());
        }
    }

    @Test
    void clientHelloSuitesAndCompression() throws Exception {
        byte[] codes = ClientHello.suiteCodes(List.of(TlcpSuite.TLCP_ECC_SM4_GCM_SM3, TlcpSuite.TLCP_ECDHE_SM4_CBC_SM3));
        assertArrayEquals(new byte[] {(byte) 0xe0, 0x53, (byte) 0xe0, 0x11}, codes);
        byte[] withUnknown = {0x00, 0x2f, (byte) 0xe0, 0x53};
        ClientHello hello = new ClientHello(0x0101, new byte[32], new byte[0], withUnknown, new byte[] {1, 0}, null);
        assertEquals(List.of(TlcpSuite.TLCP_ECC_SM4_GCM_SM3), hello.knownSuites());
        assertTrue(hello.offersNullCompression());
        assertNull(new ClientHello(0x0101, new byte[32], new byte[0], new byte[3], new byte[] {0}, null).knownSuites(),
                "an odd-length suite vector is malformed");
        assertTrue(!new ClientHello(0x0101, new byte[32], new byte[0], codes, new byte[] {1}, null).offersNullCompression());
    }

    @Test
    void serverHello() throws Exception {
        Random random = new Random(2);
        for (int i = 0; i < ROUNDS; i++) {
            ServerHello hello = new ServerHello(random.nextInt(0x10000), bytes(random, 32, 32), bytes(random, 0, 32),
                    random.nextInt(0x10000), random.nextInt(0x100), random.nextBoolean() ? null : bytes(random, 0, 20));
            byte[] message = hello.encode();
            ServerHello read = ServerHello.parse(Arrays.copyOfRange(message, 4, message.length));
            assertEquals(hello.version(), ServerHello.version(Arrays.copyOfRange(message, 4, message.length)));
            assertEquals(hello.suite(), read.suite());
            assertEquals(hello.compressionMethod(), read.compressionMethod());
            assertArrayEquals(hello.sessionId(), read.sessionId());
            assertArrayEquals(hello.extensions(), read.extensions());
            roundTrip(message, body -> ServerHello.parse(body).encode());
        }
    }

    @Test
    void certificate() throws Exception {
        Random random = new Random(3);
        for (int i = 0; i < ROUNDS / 4; i++) {
            List<byte[]> list = new ArrayList<>();
            for (int n = random.nextInt(4); n > 0; n--) {
                list.add(bytes(random, 1, 600));
            }
            byte[] message = new CertificateMessage(list).encode();
            List<byte[]> read = CertificateMessage.parse(Arrays.copyOfRange(message, 4, message.length)).certificates();
            assertEquals(list.size(), read.size());
            for (int k = 0; k < list.size(); k++) {
                assertArrayEquals(list.get(k), read.get(k));
            }
            roundTrip(message, body -> CertificateMessage.parse(body).encode());
        }
        byte[] notDer = new CertificateMessage(List.of(new byte[] {1, 2, 3})).encode();
        assertEquals(TlcpAlert.BAD_CERTIFICATE, assertThrows(TlcpAlertException.class,
                () -> CertificateMessage.parse(Arrays.copyOfRange(notDer, 4, notDer.length)).x509()).description());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, Sm2KeyExchange.PARAMS_LENGTH})
    void serverKeyExchange(int paramsLength) throws Exception {
        Random random = new Random(4 + paramsLength);
        for (int i = 0; i < ROUNDS; i++) {
            ServerKeyExchange exchange = new ServerKeyExchange(bytes(random, paramsLength, paramsLength), bytes(random, 0, 80));
            byte[] message = exchange.encode();
            ServerKeyExchange read = ServerKeyExchange.parse(Arrays.copyOfRange(message, 4, message.length), paramsLength);
            assertArrayEquals(exchange.params(), read.params());
            assertArrayEquals(exchange.signature(), read.signature());
            roundTrip(message, body -> ServerKeyExchange.parse(body, paramsLength).encode());
        }
    }

    @Test
    void certificateRequest() throws Exception {
        Random random = new Random(5);
        for (int i = 0; i < ROUNDS; i++) {
            List<byte[]> names = new ArrayList<>();
            for (int n = random.nextInt(4); n > 0; n--) {
                names.add(bytes(random, 0, 90));
            }
            CertificateRequest request = new CertificateRequest(bytes(random, 0, 3), names);
            byte[] message = request.encode();
            CertificateRequest read = CertificateRequest.parse(Arrays.copyOfRange(message, 4, message.length));
            assertArrayEquals(request.types(), read.types());
            assertEquals(names.size(), read.authorities().size());
            roundTrip(message, body -> CertificateRequest.parse(body).encode());
        }
    }

    @Test
    void certificateVerifyFinishedAndServerHelloDone() throws Exception {
        Random random = new Random(6);
        for (int i = 0; i < ROUNDS; i++) {
            byte[] signature = bytes(random, 0, 80);
            roundTrip(new CertificateVerify(signature).encode(), body -> CertificateVerify.parse(body).encode());
            byte[] verifyData = bytes(random, Finished.LENGTH, Finished.LENGTH);
            byte[] finished = new Finished(verifyData).encode();
            assertArrayEquals(verifyData, Finished.parse(Arrays.copyOfRange(finished, 4, finished.length)).verifyData());
            roundTrip(finished, body -> Finished.parse(body).encode());
        }
        byte[] done = new ServerHelloDone().encode();
        assertArrayEquals(new byte[] {14, 0, 0, 0}, done);
        roundTrip(done, body -> ServerHelloDone.parse(body).encode());
    }

    @Test
    void handshakeTypesByCode() {
        for (HandshakeType type : HandshakeType.values()) {
            assertEquals(type, HandshakeType.of(type.code));
            assertEquals(type.displayName, HandshakeType.nameOf(type.code));
        }
        assertNull(HandshakeType.of(3));
        assertEquals("a handshake message of unknown type", HandshakeType.nameOf(3));
    }

    /**
     * Every plaintext handshake message of the recorded connections (all but Finished, which
     * travels encrypted), read by its type and written again: the same bytes.
     */
    @ParameterizedTest
    @ValueSource(strings = {"TLCP_ECC_SM4_CBC_SM3-full", "TLCP_ECC_SM4_GCM_SM3-client-certificate-full",
        "TLCP_ECDHE_SM4_GCM_SM3-client-certificate-full", "TLCP_ECDHE_SM4_CBC_SM3-client-certificate-resumed"})
    void recordedMessagesReadAndWriteBack(String recording) throws Exception {
        int paramsLength = recording.contains("ECDHE") ? Sm2KeyExchange.PARAMS_LENGTH : 0;
        List<byte[]> messages = new ArrayList<>();
        for (List<byte[]> direction : recorded(recording)) {
            messages.addAll(plaintextMessages(direction));
        }
        List<HandshakeType> seen = new ArrayList<>();
        for (byte[] message : messages) {
            HandshakeType type = HandshakeType.of(message[0] & 0xff);
            byte[] body = Arrays.copyOfRange(message, 4, message.length);
            Function<byte[], byte[]> again = switch (type) {
                case CLIENT_HELLO -> unchecked(b -> ClientHello.parse(b).encode());
                case SERVER_HELLO -> unchecked(b -> ServerHello.parse(b).encode());
                case CERTIFICATE -> unchecked(b -> CertificateMessage.parse(b).encode());
                case SERVER_KEY_EXCHANGE -> unchecked(b -> ServerKeyExchange.parse(b, paramsLength).encode());
                case CERTIFICATE_REQUEST -> unchecked(b -> CertificateRequest.parse(b).encode());
                case SERVER_HELLO_DONE -> unchecked(b -> ServerHelloDone.parse(b).encode());
                case CERTIFICATE_VERIFY -> unchecked(b -> CertificateVerify.parse(b).encode());
                default -> null; // ClientKeyExchange: its form is the key exchange's
            };
            if (again != null) {
                assertArrayEquals(message, again.apply(body), recording + ": " + type.displayName);
                seen.add(type);
            }
        }
        assertTrue(seen.contains(HandshakeType.CLIENT_HELLO) && seen.contains(HandshakeType.SERVER_HELLO), seen.toString());
        if (!recording.endsWith("resumed")) {
            assertTrue(seen.contains(HandshakeType.CERTIFICATE) && seen.contains(HandshakeType.SERVER_KEY_EXCHANGE)
                    && seen.contains(HandshakeType.SERVER_HELLO_DONE), seen.toString());
        }
        if (recording.contains("client-certificate-full")) {
            assertTrue(seen.contains(HandshakeType.CERTIFICATE_REQUEST) && seen.contains(HandshakeType.CERTIFICATE_VERIFY),
                    seen.toString());
        }
    }

    private interface Throwing {
        byte[] apply(byte[] body) throws TlcpAlertException;
    }

    private static Function<byte[], byte[]> unchecked(Throwing function) {
        return body -> {
            try {
                return function.apply(body);
            } catch (TlcpAlertException e) {
                throw new AssertionError(e);
            }
        };
    }

    /** The records of a recording: the client's, then the server's. */
    private static List<List<byte[]>> recorded(String name) throws IOException {
        String text;
        try (InputStream in = HandshakeMessagesTest.class.getResourceAsStream("recorded/" + name + ".txt")) {
            text = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        }
        List<List<byte[]>> directions = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.startsWith("#")) {
                directions.add(new ArrayList<>());
            } else if (!line.isBlank()) {
                directions.get(directions.size() - 1).add(HexFormat.of().parseHex(line));
            }
        }
        return directions;
    }

    /** The handshake messages of the handshake records before ChangeCipherSpec, reassembled. */
    private static List<byte[]> plaintextMessages(List<byte[]> records) {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        for (byte[] record : records) {
            if (record[0] == 20) {
                break;
            }
            if (record[0] == 22) {
                stream.write(record, 5, record.length - 5);
            }
        }
        byte[] all = stream.toByteArray();
        List<byte[]> messages = new ArrayList<>();
        for (int at = 0; at < all.length; ) {
            int length = 4 + (((all[at + 1] & 0xff) << 16) | ((all[at + 2] & 0xff) << 8) | (all[at + 3] & 0xff));
            messages.add(Arrays.copyOfRange(all, at, at + length));
            at += length;
        }
        return messages;
    }
}
