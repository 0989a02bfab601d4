package org.shangmi.tls.tlcp;

import java.io.ByteArrayOutputStream;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.util.Arrays;
import java.util.List;
import javax.net.ssl.SNIServerName;

/**
 * What the client's and the server's handshakes share: the transcript, the randoms, the master
 * secret and the keys derived from it, the Finished messages, the certificate list and SM2
 * signatures (SM3withSM2 with the default ID 1234567812345678, through whichever JCA provider
 * takes the key).
 *
 * <p>A handshake is driven by its connection: {@link #start} once, then each handshake message
 * received ({@link #receive}) and each ChangeCipherSpec ({@link #changeCipherSpec}); it answers
 * through the record layer's queue. It holds secrets (pre-master, master, key block) only until
 * they are passed on, and wipes them in {@link #destroy}.
 *
 * <p>A message is parsed whole by its type ({@link ClientHello}, {@link ServerHello}, ...) before
 * its fields are judged: a malformed message is a decode_error whatever its fields say (as Go's
 * crypto/tls unmarshals before it checks), and only a well-formed one earns the alert its
 * content calls for. The one exception is ServerHello's version, read first so that a server of
 * another protocol is named as such.
 */
abstract class TlcpHandshake {

    static final int VERSION = 0x0101;
    static final int RANDOM_LENGTH = 32;
    static final int MAX_SESSION_ID = 32;

    /** The codes of the handshake messages, for the receivers' switches (names: {@link HandshakeType}). */
    static final int HELLO_REQUEST = HandshakeType.HELLO_REQUEST.code;
    static final int CLIENT_HELLO = HandshakeType.CLIENT_HELLO.code;
    static final int SERVER_HELLO = HandshakeType.SERVER_HELLO.code;
    static final int CERTIFICATE = HandshakeType.CERTIFICATE.code;
    static final int SERVER_KEY_EXCHANGE = HandshakeType.SERVER_KEY_EXCHANGE.code;
    static final int CERTIFICATE_REQUEST = HandshakeType.CERTIFICATE_REQUEST.code;
    static final int SERVER_HELLO_DONE = HandshakeType.SERVER_HELLO_DONE.code;
    static final int CERTIFICATE_VERIFY = HandshakeType.CERTIFICATE_VERIFY.code;
    static final int CLIENT_KEY_EXCHANGE = HandshakeType.CLIENT_KEY_EXCHANGE.code;
    static final int FINISHED = HandshakeType.FINISHED.code;

    private static final String SIGNATURE = "SM3withSM2";

    /** The connection this handshake is for: its peer, and the queue its messages go in. */
    final TlcpConnection connection;
    /** What the engines of the SSLContext share: keys, trust, the random source, the session caches. */
    final TlcpContext context;
    /** The engine's settings. */
    final EngineSettings settings;
    private final ByteArrayOutputStream transcript = new ByteArrayOutputStream();

    byte[] clientRandom;
    byte[] serverRandom;
    TlcpSuite suite;
    TlcpSession session;
    byte[] masterSecret;
    /** Whether this handshake resumes a session (no certificates or key exchange). */
    boolean resumed;
    private RecordProtection pendingRead;
    private boolean complete;

    TlcpHandshake(TlcpConnection connection) {
        this.connection = connection;
        this.context = connection.context;
        this.settings = connection.settings;
    }

    /** This side's signing and encryption key pairs, as the key manager and the key aliases choose them; null if none. */
    DoubleCertificates credentials(Side self) {
        TlcpOptions options = settings.options();
        return DoubleCertificates.choose(context.keyManager(), self, options.signAlias(), options.encAlias());
    }

    /** Why {@link #credentials} finds none, for the message of the failure. */
    String missingCredentials(Side self) {
        TlcpOptions options = settings.options();
        return DoubleCertificates.whyNone(context.keyManager(), self, options.signAlias(), options.encAlias());
    }

    /** The server names the client asks for (client) or asked for (server), for the handshake's session. */
    abstract List<SNIServerName> requestedServerNames();

    /**
     * What a connection must match for a cached session to be resumed on it: the server names the
     * client asks for, the host-name check, and the explicit key aliases. A client offers only
     * such a session, and a server resumes only such a session.
     */
    String resumptionContext() {
        TlcpOptions options = settings.options();
        return requestedServerNames() + "|" + settings.identification() + "|" + options.signAlias() + "|" + options.encAlias();
    }

    /** Begins: the client sends its ClientHello, the server waits for one. */
    abstract void start() throws GeneralSecurityException, TlcpAlertException;

    /** Handles one whole handshake message (its four-byte header included in {@code message}). */
    abstract void receive(int type, byte[] body, byte[] message) throws GeneralSecurityException, TlcpAlertException;

    /**
     * What this side knows of why the peer ended the handshake (with a fatal alert or by closing),
     * or null: a client that answered a CertificateRequest with no certificate was most likely
     * refused for that.
     */
    String likelyReasonForPeersRefusal() {
        return null;
    }

    /** Whether the next record must be the peer's ChangeCipherSpec. */
    abstract boolean expectsChangeCipherSpec();

    /** The peer's ChangeCipherSpec: from now on its records are protected under the new keys. */
    final RecordProtection changeCipherSpec() throws TlcpAlertException {
        if (!expectsChangeCipherSpec() || pendingRead == null) {
            throw new TlcpAlertException(TlcpAlert.UNEXPECTED_MESSAGE, "ChangeCipherSpec out of order");
        }
        RecordProtection read = pendingRead;
        pendingRead = null;
        changedCipherSpec();
        return read;
    }

    /** Moves the state on after the peer's ChangeCipherSpec. */
    abstract void changedCipherSpec();

    boolean isComplete() {
        return complete;
    }

    void complete() {
        complete = true;
        wipe(masterSecret);
        masterSecret = null;
    }

    /** The session being negotiated (for trust managers during the handshake) or the final one. */
    TlcpSession session() {
        return session;
    }

    void destroy() {
        wipe(masterSecret);
        masterSecret = null;
        if (pendingRead != null) {
            pendingRead.destroy();
            pendingRead = null;
        }
    }

    // ---- transcript and output

    /**
     * Appends a received message to the transcript. The rule: a received message is recorded as
     * soon as its type is the one expected, before it is acted on, except CertificateVerify and
     * Finished, whose signature and verify_data cover the transcript before them: they are
     * checked first and recorded only once they check (so a forged one never enters it), and a
     * Finished is recorded before this side answers with its own.
     */
    void addToTranscript(byte[] message) {
        transcript.writeBytes(message);
    }

    /** Appends a message to the transcript and queues it for sending. */
    void send(byte[] message) {
        transcript.writeBytes(message);
        connection.queueHandshake(message);
    }

    byte[] transcript() {
        return transcript.toByteArray();
    }

    byte[] transcriptHash() throws GeneralSecurityException, TlcpAlertException {
        return MessageDigest.getInstance("SM3").digest(transcript.toByteArray());
    }

    // ---- keys

    byte[] newRandom() {
        byte[] value = new byte[RANDOM_LENGTH];
        context.random().nextBytes(value);
        int seconds = (int) (context.currentTimeMillis() / 1000);
        value[0] = (byte) (seconds >>> 24);
        value[1] = (byte) (seconds >>> 16);
        value[2] = (byte) (seconds >>> 8);
        value[3] = (byte) seconds;
        return value;
    }

    /**
     * Derives the master secret (unless resuming, where it is the session's) and the key block,
     * and makes this side's write protection and the peer's read protection.
     *
     * @return this side's write protection, to take effect after its ChangeCipherSpec
     */
    RecordProtection deriveKeys(byte[] preMaster, Side self) throws GeneralSecurityException, TlcpAlertException {
        if (preMaster != null) {
            try {
                masterSecret = TlcpPrf.masterSecret(preMaster, clientRandom, serverRandom);
            } finally {
                wipe(preMaster);
            }
        }
        byte[] keyBlock = TlcpPrf.keyBlock(masterSecret, clientRandom, serverRandom, suite.keyBlockLength());
        try {
            pendingRead = TlcpKeys.opening(suite, keyBlock, self);
            return TlcpKeys.sealing(suite, keyBlock, self, context.random());
        } finally {
            wipe(keyBlock);
        }
    }

    /** Sends Finished over the transcript so far. */
    void sendFinished(Side self) throws GeneralSecurityException, TlcpAlertException {
        byte[] verifyData = TlcpPrf.finished(masterSecret, self, transcriptHash());
        send(new Finished(verifyData).encode());
    }

    /** Checks the peer's Finished against the transcript before it, then adds it to the transcript. */
    void checkFinished(byte[] body, byte[] message, Side sender) throws GeneralSecurityException, TlcpAlertException {
        Finished finished = Finished.parse(body);
        byte[] expected = TlcpPrf.finished(masterSecret, sender, transcriptHash());
        if (!MessageDigest.isEqual(expected, finished.verifyData())) {
            throw new TlcpAlertException(TlcpAlert.DECRYPT_ERROR, "the peer's Finished does not match the handshake");
        }
        addToTranscript(message);
    }

    // ---- signatures

    /** The signature of {@code parts} by {@code key}, its randomness from the context's source. */
    byte[] sign(PrivateKey key, byte[]... parts) throws GeneralSecurityException, TlcpAlertException {
        Signature signature = Signature.getInstance(SIGNATURE);
        signature.initSign(key, context.random());
        for (byte[] part : parts) {
            signature.update(part);
        }
        return signature.sign();
    }

    static boolean verify(PublicKey key, byte[] signatureValue, byte[]... parts) {
        try {
            Signature signature = Signature.getInstance(SIGNATURE);
            signature.initVerify(key);
            for (byte[] part : parts) {
                signature.update(part);
            }
            return signature.verify(signatureValue);
        } catch (GeneralSecurityException | RuntimeException malformed) {
            return false;
        }
    }

    static byte[] concat(byte[]... parts) {
        int length = 0;
        for (byte[] part : parts) {
            length += part.length;
        }
        byte[] all = new byte[length];
        int at = 0;
        for (byte[] part : parts) {
            System.arraycopy(part, 0, all, at, part.length);
            at += part.length;
        }
        return all;
    }

    static byte[] uint24(int value) {
        return new byte[] {(byte) (value >>> 16), (byte) (value >>> 8), (byte) value};
    }

    static void wipe(byte[] secret) {
        if (secret != null) {
            Arrays.fill(secret, (byte) 0);
        }
    }

    static String typeName(int type) {
        return HandshakeType.nameOf(type);
    }

    /**
     * A protocol version as messages name it: the known ones with their number, any other as
     * unknown (a peer's arbitrary bytes do not each make a message of their own).
     */
    static String versionName(int version) {
        return switch (version) {
            case VERSION -> "TLCP 1.1 (0x0101)";
            case 0x0300 -> "SSL 3.0 (0x0300)";
            case 0x0301, 0x0302, 0x0303, 0x0304 -> String.format("TLS 1.%d (0x%04x)", (version & 0xff) - 1, version);
            default -> "an unknown version";
        };
    }

    static void expect(int type, int wanted) throws TlcpAlertException {
        if (type != wanted) {
            throw unexpected(type, "waiting for " + typeName(wanted));
        }
    }

    static TlcpAlertException unexpected(int type, String state) {
        return new TlcpAlertException(TlcpAlert.UNEXPECTED_MESSAGE, typeName(type) + " while " + state);
    }
}
