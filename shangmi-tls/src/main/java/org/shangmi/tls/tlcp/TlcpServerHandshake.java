package org.shangmi.tls.tlcp;

import org.shangmi.tls.TlcpParameters;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SNIServerName;

/**
 * The server's side of a TLCP handshake (GB/T 38636-2020 section 6.4): on a ClientHello it
 * chooses a suite (its own order of preference, among those whose {@link KeyExchange} it can
 * use), then either resumes the session whose ID the client offered or sends its certificates,
 * key exchange, optional certificate request and hello-done, and reads the client's
 * certificates, key exchange, certificate verify and Finished.
 */
final class TlcpServerHandshake extends TlcpHandshake {

    private enum State { CLIENT_HELLO, CERTIFICATE, KEY_EXCHANGE, CERTIFICATE_VERIFY, CHANGE_CIPHER_SPEC, FINISHED, COMPLETE }

    private static final int SESSION_ID_LENGTH = 32;

    private State state = State.CLIENT_HELLO;
    private DoubleCertificates own;
    private boolean requestCertificate;
    private PeerCertificates client;
    private KeyExchange exchange;
    /** The server names of the client's server_name extension. */
    private List<SNIServerName> requestedNames = List.of();
    private RecordProtection write;

    TlcpServerHandshake(TlcpConnection connection) {
        super(connection);
    }

    @Override
    void start() {
        state = State.CLIENT_HELLO;
    }

    /** The handshake's steps in order: each message expected, what is done with it, and the state after it. */
    @Override
    void receive(int type, byte[] body, byte[] message) throws GeneralSecurityException, TlcpAlertException {
        state = switch (state) {
            case CLIENT_HELLO -> {
                expect(type, CLIENT_HELLO);
                addToTranscript(message);
                yield clientHello(body);
            }
            case CERTIFICATE -> {
                expect(type, CERTIFICATE);
                addToTranscript(message);
                clientCertificate(body);
                yield State.KEY_EXCHANGE;
            }
            case KEY_EXCHANGE -> {
                expect(type, CLIENT_KEY_EXCHANGE);
                addToTranscript(message);
                clientKeyExchange(body);
                yield client != null ? State.CERTIFICATE_VERIFY : State.CHANGE_CIPHER_SPEC;
            }
            case CERTIFICATE_VERIFY -> {
                expect(type, CERTIFICATE_VERIFY);
                certificateVerify(body);
                addToTranscript(message);
                yield State.CHANGE_CIPHER_SPEC;
            }
            case FINISHED -> {
                expect(type, FINISHED);
                checkFinished(body, message, Side.CLIENT);
                if (!resumed) {
                    connection.queueChangeCipherSpec(write);
                    write = null; // the record layer's now
                    sendFinished(Side.SERVER);
                    context.serverSessions().add(session);
                }
                complete();
                yield State.COMPLETE;
            }
            default -> throw unexpected(type, "in state " + state);
        };
    }

    /** Resumes the session offered, or answers with the server's flight; returns the state after it. */
    private State clientHello(byte[] body) throws GeneralSecurityException, TlcpAlertException {
        ClientHello hello = ClientHello.parse(body);
        clientRandom = hello.random();
        byte[] sessionId = hello.sessionId();
        if (hello.version() != VERSION) {
            throw new TlcpAlertException(TlcpAlert.PROTOCOL_VERSION,
                    "the client offers " + versionName(hello.version()) + "; this server speaks TLCP 1.1 (0x0101) only");
        }
        List<TlcpSuite> offered = hello.knownSuites();
        if (sessionId.length > MAX_SESSION_ID || offered == null) {
            throw new TlcpAlertException(TlcpAlert.DECODE_ERROR, "a malformed ClientHello");
        }
        if (!hello.offersNullCompression()) {
            throw new TlcpAlertException(TlcpAlert.ILLEGAL_PARAMETER, "the client does not offer null compression");
        }
        requestedNames = List.copyOf(hello.serverNames());
        requestCertificate = settings.needClientAuth() || settings.wantClientAuth();
        serverRandom = newRandom();

        TlcpSession cached = sessionId.length > 0 ? context.serverSessions().find(sessionId) : null;
        // resumed only under the server names and key aliases it was made with (RFC 6066 section 3):
        // another name may stand for another server, certificate or policy
        if (cached != null && offered.contains(cached.suite()) && settings.enabledSuites().contains(cached.suite())
                && (!settings.needClientAuth() || cached.hasPeerCertificates())
                && cached.resumptionContext().equals(resumptionContext())) {
            byte[] secret = cached.masterSecret();
            if (secret != null) { // else invalidated meanwhile: a full handshake instead
                resume(cached, secret);
                return State.CHANGE_CIPHER_SPEC;
            }
        }
        if (!settings.sessionCreation()) {
            throw new TlcpAlertException(TlcpAlert.HANDSHAKE_FAILURE, "session creation is off, and there is no session to resume");
        }
        own = credentials(Side.SERVER);
        if (own == null) {
            throw new TlcpAlertException(TlcpAlert.HANDSHAKE_FAILURE,
                    "the server has no SM2 signing and encryption key pair: " + missingCredentials(Side.SERVER));
        }
        suite = choose(offered);
        exchange = KeyExchange.of(suite);
        byte[] newId = new byte[SESSION_ID_LENGTH];
        context.random().nextBytes(newId);
        session = new TlcpSession(newId, connection.engine().getPeerHost(), connection.engine().getPeerPort());
        session.setRequestedServerNames(requestedServerNames());
        session.setResumptionContext(resumptionContext());
        send(serverHello(newId));
        send(CertificateMessage.of(own.certificateList(settings.options().certificateOrder())).encode());
        send(serverKeyExchange());
        if (requestCertificate) {
            send(certificateRequest());
        }
        send(new ServerHelloDone().encode());
        return requestCertificate ? State.CERTIFICATE : State.KEY_EXCHANGE;
    }

    /**
     * The first of the server's enabled suites that the client offers and whose key exchange the
     * server can use with its settings and keys.
     */
    private TlcpSuite choose(List<TlcpSuite> offered) throws TlcpAlertException {
        boolean required = settings.needClientAuth();
        java.util.Set<String> refusals = new java.util.LinkedHashSet<>();
        for (TlcpSuite candidate : settings.enabledSuites()) {
            if (offered.contains(candidate)) {
                String why = KeyExchange.of(candidate).whyServerCannot(required, own);
                if (why == null) {
                    return candidate;
                }
                refusals.add(why);
            }
        }
        throw new TlcpAlertException(TlcpAlert.HANDSHAKE_FAILURE, "no cipher suite in common with the client"
                + (refusals.isEmpty() ? "" : " (" + String.join("; ", refusals) + ")"));
    }

    private void resume(TlcpSession cached, byte[] secret) throws GeneralSecurityException, TlcpAlertException {
        resumed = true;
        session = cached;
        suite = cached.suite();
        masterSecret = secret;
        send(serverHello(cached.getId()));
        write = deriveKeys(null, Side.SERVER);
        connection.queueChangeCipherSpec(write);
        write = null; // the record layer's now
        sendFinished(Side.SERVER);
    }

    private byte[] serverHello(byte[] sessionId) {
        return new ServerHello(VERSION, serverRandom, sessionId, suite.code(), 0, null).encode();
    }

    private byte[] serverKeyExchange() throws GeneralSecurityException, TlcpAlertException {
        KeyExchange.ServerParams params = exchange.serverParams(own, context.random());
        byte[] signature = sign(own.signKey(), clientRandom, serverRandom, params.signed());
        return new ServerKeyExchange(params.sent(), signature).encode();
    }

    /** certificate_types {ecdsa_sign} and the names of the trust anchors, which GmSSL's client needs to send anything. */
    private byte[] certificateRequest() {
        List<byte[]> names = new ArrayList<>();
        X509Certificate[] anchors = context.trustManager() == null ? null : context.trustManager().getAcceptedIssuers();
        if (anchors != null) {
            for (X509Certificate anchor : anchors) {
                names.add(anchor.getSubjectX500Principal().getEncoded());
            }
        }
        return new CertificateRequest(new byte[] {(byte) CertificateRequest.ECDSA_SIGN}, names).encode();
    }

    private void clientCertificate(byte[] body) throws TlcpAlertException {
        X509Certificate[] list = CertificateMessage.parse(body).x509();
        if (list.length == 0) {
            if (settings.needClientAuth() || exchange.needsClientCertificates()) {
                throw new TlcpAlertException(TlcpAlert.HANDSHAKE_FAILURE, exchange.needsClientCertificates()
                        ? "the client sent no certificates, which an " + exchange.name() + " suite needs"
                        : "the client sent no certificate and client authentication is required");
            }
            return;
        }
        if (exchange.acceptsSigningChainAlone() && (list.length == 1 || list[1].getBasicConstraints() >= 0)) {
            // an ECC client may send its signing chain alone (GmSSL's does): only that is checked
            client = new PeerCertificates(list, null);
            session.setPeerCertificates(client.all()); // for trust managers that read the handshake session
            client.checkSigningOnly(context.trustManager(), connection.engine(), context.smOnly());
        } else {
            client = PeerCertificates.split(list);
            session.setPeerCertificates(client.all());
            client.check(context.trustManager(), connection.engine(), Side.CLIENT, exchange, context.smOnly());
        }
    }

    private void clientKeyExchange(byte[] body) throws GeneralSecurityException, TlcpAlertException {
        byte[] preMaster = exchange.serverPreMaster(body, own, client, context.random());
        write = deriveKeys(preMaster, Side.SERVER);
        session.establish(suite, masterSecret, own.certificateList(TlcpParameters.CertificateOrder.SIGN_ENC_CA), client == null ? null : client.all());
    }

    private void certificateVerify(byte[] body) throws GeneralSecurityException, TlcpAlertException {
        byte[] signature = CertificateVerify.parse(body).signature();
        java.security.PublicKey key = client.signChain()[0].getPublicKey();
        // the standard signs the SM3 hash of the messages; GmSSL signs the messages themselves
        boolean valid = verify(key, signature, transcriptHash()) || verify(key, signature, transcript());
        if (!valid) {
            throw new TlcpAlertException(TlcpAlert.DECRYPT_ERROR, "the client's CertificateVerify signature does not verify");
        }
    }

    @Override
    List<SNIServerName> requestedServerNames() {
        return requestedNames;
    }

    @Override
    boolean expectsChangeCipherSpec() {
        return state == State.CHANGE_CIPHER_SPEC;
    }

    @Override
    void changedCipherSpec() {
        state = State.FINISHED;
    }

    @Override
    void destroy() {
        super.destroy();
        if (write != null) { // derived and never queued: the handshake failed before its ChangeCipherSpec
            write.destroy();
            write = null;
        }
        if (exchange != null) {
            exchange.destroy();
        }
    }
}
