package org.shangmi.tls.tlcp;

/**
 * ServerHello (GB/T 38636-2020 section 6.4.5): the fields as they are on the wire. The client
 * reads the version first, so that a server of another protocol is named as such before the rest
 * is parsed ({@link #version(byte[])}).
 *
 * @param extensions the extensions block, or null when the message has none
 */
record ServerHello(int version, byte[] random, byte[] sessionId, int suite, int compressionMethod, byte[] extensions) {

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
}
