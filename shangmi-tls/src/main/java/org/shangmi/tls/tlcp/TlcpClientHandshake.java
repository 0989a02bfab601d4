package org.shangmi.tls.tlcp;

import org.shangmi.tls.TlcpParameters;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.net.ssl.SNIServerName;
import javax.security.auth.x500.X500Principal;

/**
 * The client's side of a TLCP handshake (GB/T 38636-2020 section 6.4): ClientHello; the server's
 * hello, certificates, key exchange, optional certificate request and hello-done; then its own
 * certificates (when asked and it has them), key exchange, certificate verify, ChangeCipherSpec
 * and Finished; then the server's. Offers the cached session of the same host and port, and
 * follows the server into an abbreviated handshake when it echoes that session's ID.
 */
final class TlcpClientHandshake extends TlcpHandshake {

    private enum State { START, SERVER_HELLO, CERTIFICATE, KEY_EXCHANGE, REQUEST_OR_HELLO_DONE, SERVER_HELLO_DONE, CHANGE_CIPHER_SPEC, FINISHED, COMPLETE }

    private State state = State.START;
    private List<TlcpSuite> offered;
    private TlcpSession offeredSession;
    /**
     * The offered session's master secret, copied when it is offered: invalidating the session
     * (the application, or another connection cut short) stops further offers but does not pull
     * the secret from under this handshake. Wiped when the handshake ends.
     */
    private byte[] offeredSecret;
    private PeerCertificates server;
    private KeyExchange exchange;
    private boolean certificateRequested;
    private boolean sentNoCertificate;
    private List<X500Principal> acceptedIssuers = List.of();
    private RecordProtection write;

    TlcpClientHandshake(TlcpConnection connection) {
        super(connection);
    }

    @Override
    void start() throws GeneralSecurityException, TlcpAlertException {
        offered = settings.enabledSuites();
        if (offered.isEmpty()) {
            throw new TlcpAlertException(TlcpAlert.HANDSHAKE_FAILURE, "no TLCP cipher suite is enabled");
        }
        clientRandom = newRandom();
        TlcpSession cached = context.clientSessions().findForPeer(connection.engine().getPeerHost(), connection.engine().getPeerPort());
        // a session is offered only to an engine configured as the one that made it (server names,
        // host-name checking, key aliases): otherwise resuming would skip a check this engine makes
        if (cached != null && offered.contains(cached.suite()) && cached.resumptionContext().equals(resumptionContext())) {
            offeredSecret = cached.masterSecret(); // null when invalidated since it was found
            offeredSession = offeredSecret == null ? null : cached;
        }
        byte[] sessionId = offeredSession == null ? new byte[0] : offeredSession.getId();
        String host = settings.serverNameToSend(connection.engine().getPeerHost());
        send(new ClientHello(VERSION, clientRandom, sessionId, ClientHello.suiteCodes(offered), new byte[] {0},
                host == null ? null : ClientHello.serverNameExtensions(host)).encode());
        state = State.SERVER_HELLO;
    }

    /** The handshake's steps in order: each message expected, what is done with it, and the state after it. */
    @Override
    void receive(int type, byte[] body, byte[] message) throws GeneralSecurityException, TlcpAlertException {
        state = switch (state) {
            case SERVER_HELLO -> {
                expect(type, SERVER_HELLO);
                addToTranscript(message);
                yield serverHello(body);
            }
            case CERTIFICATE -> {
                expect(type, CERTIFICATE);
                addToTranscript(message);
                server = PeerCertificates.split(CertificateMessage.parse(body).x509());
                session.setPeerCertificates(certificatesOf(server));
                server.check(context.trustManager(), connection.engine(), Side.SERVER, exchange, context.smOnly());
                yield State.KEY_EXCHANGE;
            }
            case KEY_EXCHANGE -> {
                expect(type, SERVER_KEY_EXCHANGE);
                addToTranscript(message);
                serverKeyExchange(body);
                yield State.REQUEST_OR_HELLO_DONE;
            }
            case REQUEST_OR_HELLO_DONE, SERVER_HELLO_DONE -> {
                addToTranscript(message);
                if (type == CERTIFICATE_REQUEST && state == State.REQUEST_OR_HELLO_DONE) {
                    certificateRequest(body);
                    yield State.SERVER_HELLO_DONE;
                } else if (type == SERVER_HELLO_DONE) {
                    ServerHelloDone.parse(body);
                    respond();
                    yield State.CHANGE_CIPHER_SPEC;
                } else {
                    throw unexpected(type, "waiting for ServerHelloDone");
                }
            }
            case FINISHED -> {
                expect(type, FINISHED);
                checkFinished(body, message, Side.SERVER);
                if (resumed) {
                    connection.queueChangeCipherSpec(write);
                    write = null; // the record layer's now
                    sendFinished(Side.CLIENT);
                } else {
                    context.clientSessions().add(session);
                }
                complete();
                yield State.COMPLETE;
            }
            default -> throw unexpected(type, "in state " + state);
        };
    }

    /** Follows the server into a resumption or a full handshake; returns the state after it. */
    private State serverHello(byte[] body) throws GeneralSecurityException, TlcpAlertException {
        int version = ServerHello.version(body);
        if (version != VERSION) {
            throw new TlcpAlertException(TlcpAlert.PROTOCOL_VERSION,
                    String.format("the server chose version 0x%04x, not TLCP 1.1 (0x0101)", version));
        }
        ServerHello hello = ServerHello.parse(body);
        serverRandom = hello.random();
        byte[] sessionId = hello.sessionId();
        if (sessionId.length > MAX_SESSION_ID) {
            throw new TlcpAlertException(TlcpAlert.ILLEGAL_PARAMETER, "a session ID of " + sessionId.length + " bytes");
        }
        int code = hello.suite();
        suite = TlcpSuite.ofCode(code);
        if (suite == null || !offered.contains(suite)) {
            throw new TlcpAlertException(TlcpAlert.ILLEGAL_PARAMETER, String.format("the server chose suite 0x%04x, not offered", code));
        }
        exchange = KeyExchange.of(suite);
        if (hello.compressionMethod() != 0) {
            throw new TlcpAlertException(TlcpAlert.ILLEGAL_PARAMETER, "the server chose a compression method");
        }
        hello.checkAnswers();
        if (offeredSession != null && sessionId.length > 0 && Arrays.equals(sessionId, offeredSession.getId())) {
            if (offeredSession.suite() != suite) {
                throw new TlcpAlertException(TlcpAlert.ILLEGAL_PARAMETER, "the server resumed a session with another suite");
            }
            masterSecret = offeredSecret;
            offeredSecret = null;
            resumed = true;
            session = offeredSession;
            write = deriveKeys(null, Side.CLIENT);
            return State.CHANGE_CIPHER_SPEC;
        }
        wipe(offeredSecret);
        offeredSecret = null;
        if (!settings.sessionCreation()) {
            throw new TlcpAlertException(TlcpAlert.HANDSHAKE_FAILURE, "the server did not resume, and session creation is off");
        }
        session = new TlcpSession(sessionId, connection.engine().getPeerHost(), connection.engine().getPeerPort());
        session.setRequestedServerNames(requestedServerNames());
        session.setResumptionContext(resumptionContext());
        return State.CERTIFICATE;
    }

    private void serverKeyExchange(byte[] body) throws GeneralSecurityException, TlcpAlertException {
        ServerKeyExchange message = ServerKeyExchange.parse(body, exchange.serverParamsLength());
        byte[] signed = exchange.readServerParams(message.params(), server);
        if (!verify(server.signChain()[0].getPublicKey(), message.signature(), clientRandom, serverRandom, signed)) {
            throw new TlcpAlertException(TlcpAlert.DECRYPT_ERROR, "the ServerKeyExchange signature does not verify");
        }
    }

    private void certificateRequest(byte[] body) throws TlcpAlertException {
        CertificateRequest request = CertificateRequest.parse(body);
        if (request.types().length == 0) {
            throw new TlcpAlertException(TlcpAlert.DECODE_ERROR, "a CertificateRequest without certificate types");
        }
        List<X500Principal> issuers = new ArrayList<>();
        for (byte[] name : request.authorities()) {
            try {
                issuers.add(new X500Principal(name));
            } catch (IllegalArgumentException malformed) {
                throw new TlcpAlertException(TlcpAlert.DECODE_ERROR, "a malformed name in the CertificateRequest", malformed);
            }
        }
        acceptedIssuers = issuers;
        certificateRequested = true;
    }

    /** After ServerHelloDone: Certificate, ClientKeyExchange, CertificateVerify, ChangeCipherSpec, Finished. */
    private void respond() throws GeneralSecurityException, TlcpAlertException {
        DoubleCertificates own = null;
        if (certificateRequested) {
            own = credentials(Side.CLIENT);
            if (own != null && !acceptedIssuers.isEmpty() && !issuedByOneOf(own.signChain(), acceptedIssuers)) {
                own = null;
            }
            if (exchange.needsClientCertificates() && own == null) {
                throw new TlcpAlertException(TlcpAlert.HANDSHAKE_FAILURE,
                        "the server chose an " + exchange.name() + " suite, which needs the client's signing and encryption key pairs: "
                        + (credentials(Side.CLIENT) != null ? notAccepted(credentials(Side.CLIENT))
                                : missingCredentials(Side.CLIENT)));
            }
            sentNoCertificate = own == null;
            X509Certificate[] list = own == null ? new X509Certificate[0] : exchange.clientCertificates(own, settings.options());
            send(CertificateMessage.of(list).encode());
        } else if (exchange.needsClientCertificates()) {
            throw new TlcpAlertException(TlcpAlert.HANDSHAKE_FAILURE,
                    "the server chose an " + exchange.name() + " suite without asking for certificates");
        }
        KeyExchange.ClientKeyExchange keyExchange = exchange.clientKeyExchange(own, server, context.random(), settings.options());
        byte[] preMaster = keyExchange.preMaster();
        send(keyExchange.body());
        if (own != null) {
            try {
                byte[] signature = settings.options().rawCertificateVerify()
                        ? sign(own.signKey(), transcript())
                        : sign(own.signKey(), transcriptHash());
                send(new CertificateVerify(signature).encode());
            } catch (GeneralSecurityException | RuntimeException e) {
                wipe(preMaster);
                throw e;
            }
        }
        write = deriveKeys(preMaster, Side.CLIENT);
        session.establish(suite, masterSecret, own == null ? null : own.certificateList(TlcpParameters.CertificateOrder.SIGN_ENC_CA),
                certificatesOf(server));
        connection.queueChangeCipherSpec(write);
        write = null; // the record layer's now
        sendFinished(Side.CLIENT);
    }

    private static X509Certificate[] certificatesOf(PeerCertificates peer) {
        X509Certificate[] chain = peer.signChain();
        X509Certificate[] all = Arrays.copyOf(chain, chain.length + 1);
        System.arraycopy(chain, 1, all, 2, chain.length - 1);
        all[1] = peer.encryption();
        return all;
    }

    /** Why the client's own pair was not sent: its chain reaches none of the issuers the server named. */
    private String notAccepted(DoubleCertificates own) {
        List<String> chain = new ArrayList<>();
        for (X509Certificate certificate : own.signChain()) {
            chain.add(certificate.getIssuerX500Principal().getName());
        }
        return "the server accepts certificates issued by " + acceptedIssuers.stream().map(X500Principal::getName).toList()
                + ", and the client's signing chain names the issuers " + chain
                + " (a chain with its CA certificates may reach one of them)";
    }

    private static boolean issuedByOneOf(X509Certificate[] chain, List<X500Principal> issuers) {
        for (X509Certificate certificate : chain) {
            if (issuers.contains(certificate.getIssuerX500Principal())) {
                return true;
            }
        }
        return false;
    }

    @Override
    List<SNIServerName> requestedServerNames() {
        return settings.clientServerNames(connection.engine().getPeerHost());
    }

    @Override
    String likelyReasonForPeersRefusal() {
        return sentNoCertificate ? "the server requires a client certificate, and this client sent none" : null;
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
        wipe(offeredSecret);
        offeredSecret = null;
        if (exchange != null) {
            exchange.destroy();
        }
    }
}
