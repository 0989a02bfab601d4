package org.shangmi.tls.tlcp;

/**
 * ServerHello (GB/T 38636-2020 section 6.4.5): the fields as they are on the wire. The client
 * reads the version first, so that a server of another protocol is named as such before the rest
 * is parsed ({@link #version(byte[])}).
 *
 * @param extensions the extensions block, or null when the message has none
 */
record ServerHello(int version, byte[] random, byte[] sessionId, int suite, int compressionMethod, byte[] extensions) {

    private static final int SERVER_NAME = 0;
    private static final int RENEGOTIATION_INFO = 0xff01;

    /** The version field alone, of a body that may not be a TLCP ServerHello. */
    static int version(byte[] body) throws TlcpAlertException {
        return new MessageReader(body, "ServerHello").uint16();
    }

    static ServerHello parse(byte[] body) throws TlcpAlertException {
        MessageReader reader = new MessageReader(body, "ServerHello");
        int version = reader.uint16();
        byte[] random = reader.bytes(TlcpHandshake.RANDOM_LENGTH);
        byte[] sessionId = reader.vector8();
        int suite = reader.uint16();
        int compression = reader.uint8();
        byte[] extensions = reader.remaining() > 0 ? reader.vector16() : null;
        reader.end();
        return new ServerHello(version, random, sessionId, suite, compression, extensions);
    }

    byte[] encode() {
        MessageWriter writer = new MessageWriter(HandshakeType.SERVER_HELLO).uint16(version).bytes(random).vector8(sessionId)
                .uint16(suite).uint8(compressionMethod);
        if (extensions != null) {
            writer.vector16(extensions);
        }
        return writer.toByteArray();
    }

    /**
     * Checks the extensions the server answered with: an empty server_name (to the client's) and
     * renegotiation_info (gmsm echoes it); any other was not offered.
     */
    void checkAnswers() throws TlcpAlertException {
        if (extensions == null) {
            return;
        }
        MessageReader block = new MessageReader(extensions, "the ServerHello extensions");
        while (block.remaining() > 0) {
            int type = block.uint16();
            byte[] data = block.vector16();
            boolean allowed = type == SERVER_NAME && data.length == 0 || type == RENEGOTIATION_INFO;
            if (!allowed) {
                throw new TlcpAlertException(TlcpAlert.UNSUPPORTED_EXTENSION,
                        "the server answered with extension " + type + ", which was not offered");
            }
        }
    }
}
