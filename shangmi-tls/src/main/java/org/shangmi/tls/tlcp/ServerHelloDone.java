package org.shangmi.tls.tlcp;

/** ServerHelloDone (GB/T 38636-2020 section 6.4.5): no body. */
record ServerHelloDone() {

    static ServerHelloDone parse(byte[] body) throws TlcpAlertException {
        if (body.length != 0) {
            throw new TlcpAlertException(TlcpAlert.DECODE_ERROR, "ServerHelloDone has a body");
        }
        return new ServerHelloDone();
    }

    byte[] encode() {
        return new MessageWriter(HandshakeType.SERVER_HELLO_DONE).toByteArray();
    }
}
