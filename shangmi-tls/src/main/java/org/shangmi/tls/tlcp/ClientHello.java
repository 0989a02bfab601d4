package org.shangmi.tls.tlcp;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SNIServerName;

/**
 * ClientHello (GB/T 38636-2020 section 6.4.5, with RFC 5246's optional extensions): the
 * fields as they are on the wire, read without judging them (the server's handshake decides
 * what it accepts), and written by the client.
 *
 * @param suites the cipher_suites vector as sent: two bytes per suite
 * @param extensions the extensions block, or null when the message has none
 */
record ClientHello(int version, byte[] random, byte[] sessionId, byte[] suites, byte[] compressionMethods, byte[] extensions) {

    private static final int SERVER_NAME = 0;
    private static final int HOST_NAME = 0;

    static ClientHello parse(byte[] body) throws TlcpAlertException {
        MessageReader reader = new MessageReader(body, "ClientHello");
        int version = reader.uint16();
        byte[] random = reader.bytes(TlcpHandshake.RANDOM_LENGTH);
        byte[] sessionId = reader.vector8();
        byte[] suites = reader.vector16();
        byte[] compression = reader.vector8();
        byte[] extensions = reader.remaining() > 0 ? reader.vector16() : null;
        reader.end();
        return new ClientHello(version, random, sessionId, suites, compression, extensions);
    }

    byte[] encode() {
        MessageWriter writer = new MessageWriter(HandshakeType.CLIENT_HELLO).uint16(version).bytes(random).vector8(sessionId)
                .vector16(suites).vector8(compressionMethods);
        if (extensions != null) {
            writer.vector16(extensions);
        }
        return writer.toByteArray();
    }

    /** The cipher_suites vector of these suites. */
    static byte[] suiteCodes(List<TlcpSuite> suites) {
        byte[] codes = new byte[2 * suites.size()];
        for (int i = 0; i < suites.size(); i++) {
            codes[2 * i] = (byte) (suites.get(i).code() >>> 8);
            codes[2 * i + 1] = (byte) suites.get(i).code();
        }
        return codes;
    }

    /** The offered suites this engine knows, in the client's order; null when the vector is empty or of odd length. */
    List<TlcpSuite> knownSuites() {
        if (suites.length == 0 || (suites.length & 1) != 0) {
            return null;
        }
        List<TlcpSuite> known = new ArrayList<>();
        for (int i = 0; i < suites.length; i += 2) {
            TlcpSuite suite = TlcpSuite.ofCode(((suites[i] & 0xff) << 8) | (suites[i + 1] & 0xff));
            if (suite != null) {
                known.add(suite);
            }
        }
        return known;
    }

    /** Whether the client offers the null compression method. */
    boolean offersNullCompression() {
        boolean found = false;
        for (byte method : compressionMethods) {
            found |= method == 0;
        }
        return found;
    }

    /** An extensions block holding server_name (RFC 6066 section 3) with one host name. */
    static byte[] serverNameExtensions(String host) {
        byte[] name = host.getBytes(StandardCharsets.US_ASCII);
        MessageWriter writer = new MessageWriter(0); // a scratch buffer: the four header bytes are dropped below
        writer.uint16(SERVER_NAME).uint16(name.length + 5).uint16(name.length + 3).uint8(HOST_NAME).vector16(name);
        byte[] withHeader = writer.toByteArray();
        return java.util.Arrays.copyOfRange(withHeader, 4, withHeader.length);
    }

    /**
     * The host names of the server_name extension; every extension is checked to be framed
     * correctly, the others are ignored.
     */
    List<SNIServerName> serverNames() throws TlcpAlertException {
        List<SNIServerName> names = new ArrayList<>();
        if (extensions == null) {
            return names;
        }
        MessageReader block = new MessageReader(extensions, "the ClientHello extensions");
        while (block.remaining() > 0) {
            int type = block.uint16();
            byte[] data = block.vector16();
            if (type == SERVER_NAME && data.length > 0) {
                MessageReader list = new MessageReader(data, "server_name");
                MessageReader entries = new MessageReader(list.vector16(), "the server_name list");
                list.end();
                while (entries.remaining() > 0) {
                    int nameType = entries.uint8();
                    byte[] name = entries.vector16();
                    if (nameType == HOST_NAME) {
                        try {
                            names.add(new SNIHostName(name));
                        } catch (IllegalArgumentException malformed) {
                            throw new TlcpAlertException(TlcpAlert.ILLEGAL_PARAMETER, "a malformed server name", malformed);
                        }
                    }
                }
            }
        }
        return names;
    }
}
