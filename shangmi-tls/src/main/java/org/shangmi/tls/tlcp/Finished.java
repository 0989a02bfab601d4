package org.shangmi.tls.tlcp;

/** Finished (GB/T 38636-2020 section 6.4.5): 12 bytes of verify_data, without a length. */
record Finished(byte[] verifyData) {

    static final int LENGTH = 12;

    static Finished parse(byte[] body) throws TlcpAlertException {
        if (body.length != LENGTH) {
            throw new TlcpAlertException(TlcpAlert.DECODE_ERROR, "a Finished of other than " + LENGTH + " bytes");
        }
        return new Finished(body.clone());
    }

    byte[] encode() {
        return new MessageWriter(HandshakeType.FINISHED).bytes(verifyData).toByteArray();
    }
}
