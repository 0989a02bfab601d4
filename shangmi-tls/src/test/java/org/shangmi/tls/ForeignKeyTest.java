package org.shangmi.tls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.InvalidAlgorithmParameterException;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.PublicKey;
import java.security.Security;
import java.security.Signature;
import java.security.SignatureException;
import java.security.SignatureSpi;
import java.security.cert.X509Certificate;
import java.security.spec.AlgorithmParameterSpec;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509KeyManager;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.shangmi.provider.ShangMiProvider;

/**
 * An SM2 key that only its own provider can use, as a PKCS#11 token's is: the server's key
 * manager hands out an opaque key (no encoding, no parameters), ShangMi refuses it, and the JCA
 * finds the token's {@code Signature} for CertificateVerify. The handshake must complete with
 * the token doing the signing.
 */
class ForeignKeyTest extends WithTlsFixture {

    private static final byte[] REQUEST = "GET / with a token's key".getBytes(StandardCharsets.US_ASCII);
    private static final AtomicInteger TOKEN_SIGNATURES = new AtomicInteger();

    @BeforeAll
    static void addToken() {
        Security.addProvider(new Token());
    }

    @AfterAll
    static void removeToken() {
        Security.removeProvider("TestToken");
    }

    /** A private key whose secret stays inside the token: no encoding, not an ECPrivateKey. */
    static final class TokenKey implements PrivateKey {
        private static final long serialVersionUID = 1L;
        final transient PrivateKey inside;

        TokenKey(PrivateKey inside) {
            this.inside = inside;
        }

        @Override
        public String getAlgorithm() {
            return "EC";
        }

        @Override
        public String getFormat() {
            return null;
        }

        @Override
        public byte[] getEncoded() {
            return null;
        }
    }

    /** The token's provider: SM3withSM2 for its own keys only, counting what it signs. */
    static final class Token extends Provider {
        private static final long serialVersionUID = 1L;

        Token() {
            super("TestToken", "1", "an SM2 signing token for tests");
            putService(new Service(this, "Signature", "SM3withSM2", TokenSignature.class.getName(), null,
                    java.util.Map.of("SupportedKeyClasses", TokenKey.class.getName())) {
                @Override
                public Object newInstance(Object parameter) {
                    return new TokenSignature();
                }
            });
        }
    }

    static final class TokenSignature extends SignatureSpi {
        private Signature signer;
        private AlgorithmParameterSpec parameter;

        @Override
        protected void engineInitSign(PrivateKey key) throws InvalidKeyException {
            if (!(key instanceof TokenKey token)) {
                throw new InvalidKeyException("not a key of this token");
            }
            try {
                signer = Signature.getInstance("SM3withSM2", ShangMiProvider.NAME);
                if (parameter != null) {
                    signer.setParameter(parameter);
                }
            } catch (Exception e) {
                throw new InvalidKeyException(e);
            }
            signer.initSign(token.inside);
        }

        @Override
        protected void engineInitVerify(PublicKey key) throws InvalidKeyException {
            throw new InvalidKeyException("this token only signs");
        }

        @Override
        protected void engineSetParameter(AlgorithmParameterSpec spec) throws InvalidAlgorithmParameterException {
            parameter = spec;
            if (signer != null) {
                signer.setParameter(spec);
            }
        }

        @Override
        protected void engineUpdate(byte b) throws SignatureException {
            signer.update(b);
        }

        @Override
        protected void engineUpdate(byte[] b, int off, int len) throws SignatureException {
            signer.update(b, off, len);
        }

        @Override
        protected byte[] engineSign() throws SignatureException {
            TOKEN_SIGNATURES.incrementAndGet();
            return signer.sign();
        }

        @Override
        protected boolean engineVerify(byte[] sigBytes) throws SignatureException {
            throw new SignatureException("this token only signs");
        }

        @Override
        @Deprecated
        protected void engineSetParameter(String param, Object value) {
            throw new UnsupportedOperationException();
        }

        @Override
        @Deprecated
        protected Object engineGetParameter(String param) {
            throw new UnsupportedOperationException();
        }
    }

    /** The application's own key manager over the token: one alias, the SM2 chain, the opaque key. */
    private static X509KeyManager tokenKeys() throws Exception {
        X509Certificate[] chain = {(X509Certificate) fixture.certificate("leaf"), (X509Certificate) fixture.certificate("inter")};
        PrivateKey key = new TokenKey(fixture.key("leaf", "EC"));
        return new X509KeyManager() {
            @Override
            public String[] getClientAliases(String keyType, Principal[] issuers) {
                return null;
            }

            @Override
            public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
                return null;
            }

            @Override
            public String[] getServerAliases(String keyType, Principal[] issuers) {
                return "EC".equals(keyType) ? new String[] {"token"} : null;
            }

            @Override
            public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
                return "EC".equals(keyType) ? "token" : null;
            }

            @Override
            public X509Certificate[] getCertificateChain(String alias) {
                return "token".equals(alias) ? chain.clone() : null;
            }

            @Override
            public PrivateKey getPrivateKey(String alias) {
                return "token".equals(alias) ? key : null;
            }
        };
    }

    @Test
    void theTokenSignsCertificateVerify() throws Exception {
        SSLEngine[] engines = pair(smClient(), TlsFixture.context(TLS, new KeyManager[] {tokenKeys()}, null));
        int before = TOKEN_SIGNATURES.get();
        assertArrayEquals(REQUEST, TlsFixture.exchange(engines[0], engines[1], REQUEST));
        assertEquals("TLS_SM4_GCM_SM3", engines[0].getSession().getCipherSuite());
        assertTrue(TOKEN_SIGNATURES.get() > before, "the token signed the server's CertificateVerify");
    }
}
