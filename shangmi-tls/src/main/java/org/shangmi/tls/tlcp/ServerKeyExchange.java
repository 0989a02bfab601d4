package org.shangmi.tls.tlcp;

/**
 * ServerKeyExchange (GB/T 38636-2020 section 6.4.5): the key exchange's parameters (none for
 * ECC, whose signature covers the encryption certificate instead; the ephemeral key's for ECDHE)
 * and the SM2 signature, with a 16-bit length.
 */
record ServerKeyExchange(byte[] params, byte[] signature) {

    /** Reads a body whose parameters are {@code paramsLength} bytes, as the suite's key exchange says. */
    static ServerKeyExchange parse(byte[] body, int paramsLength) throws TlcpAlertException {
        MessageReader reader = new MessageReader(body, "ServerKeyExchange");
        byte[] params = reader.bytes(paramsLength);
        byte[] signature = reader.vector16();
        reader.end();
        return new ServerKeyExchange(params, signature);
    }

    byte[] encode() {
        return new MessageWriter(HandshakeType.SERVER_KEY_EXCHANGE).bytes(params).vector16(signature).toByteArray();
    }
}
