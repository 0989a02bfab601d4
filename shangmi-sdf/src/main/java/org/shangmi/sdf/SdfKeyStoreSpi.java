package org.shangmi.sdf;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.math.BigInteger;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.KeyStoreException;
import java.security.KeyStoreSpi;
import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.security.UnrecoverableEntryException;
import java.security.UnrecoverableKeyException;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECPoint;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.InvalidKeySpecException;
import java.util.Arrays;
import java.util.Collections;
import java.util.Date;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.callback.UnsupportedCallbackException;
import org.shangmi.provider.spec.Sm2ParameterSpec;

/**
 * {@code KeyStore "SDF"}: the device's SM2 key pairs. For each index of the configuration's
 * {@code key-indexes} whose public key the device exports, entry {@code sign-N} names the pair's
 * signing key and {@code enc-N} its encryption key. {@link #engineGetKey} grants access with the
 * key's password (the one given, else the {@code CallbackHandler} of a
 * {@code KeyStore.CallbackHandlerProtection} given to {@code load}) and returns an
 * {@link SdfPrivateKey}; a wrong password is an {@link UnrecoverableKeyException} whose cause
 * carries the device's code. A key loaded once is handed out again to callers that give the same
 * password ({@link LoadedKeys}), so that a TLS server asking for its key at every handshake does
 * not open sessions and ask the device for the right each time. Certificate chains are kept where the configuration says
 * ({@link ChainStore}) and written when set; {@code store} writes nothing more. Keys cannot be
 * imported, deleted or generated through this store: the device's own tools manage them.
 */
final class SdfKeyStoreSpi extends KeyStoreSpi {

    private static final String SIGN = "sign-";
    private static final String ENC = "enc-";

    private final SdfDevice device;
    private final Provider software;
    private final ChainStore chains;
    private final Map<String, Entry> entries = new LinkedHashMap<>();
    private final LoadedKeys loaded;
    private CallbackHandler passwords;
    /** The creation date of entries without a chain: the device does not say when it made a key. */
    private Date loadedAt = new Date();

    private static final class Entry {
        final int index;
        final boolean signing;
        final ECPublicKey publicKey;
        X509Certificate[] chain;

        Entry(int index, boolean signing, ECPublicKey publicKey) {
            this.index = index;
            this.signing = signing;
            this.publicKey = publicKey;
        }
    }

    SdfKeyStoreSpi(SdfDevice device, Provider software) {
        this.device = device;
        this.software = software;
        this.chains = ChainStore.of(device);
        this.loaded = new LoadedKeys(software);
    }

    @Override
    public void engineLoad(InputStream stream, char[] password) throws IOException {
        if (stream != null) {
            throw new IOException("KeyStore SDF reads the device: load it with a null stream");
        }
        passwords = null;
        read();
    }

    @Override
    public void engineLoad(KeyStore.LoadStoreParameter parameter) throws IOException {
        passwords = null;
        if (parameter != null) {
            KeyStore.ProtectionParameter protection = parameter.getProtectionParameter();
            if (protection instanceof KeyStore.CallbackHandlerProtection handler) {
                passwords = handler.getCallbackHandler();
            } else if (protection != null && !(protection instanceof KeyStore.PasswordProtection)) {
                throw new IllegalArgumentException("KeyStore SDF takes a PasswordProtection or a CallbackHandlerProtection");
            }
        }
        read();
    }

    /** Lists the key pairs the device exports a public key for, and their chains. */
    private void read() throws IOException {
        entries.clear();
        loadedAt = new Date();
        try {
            SdfSession session = device.borrow();
            try {
                for (int index = device.config.keyIndexes.nextSetBit(0); index >= 0;
                        index = device.config.keyIndexes.nextSetBit(index + 1)) {
                    for (boolean signing : new boolean[] {true, false}) {
                        byte[] xy;
                        try {
                            xy = session.exportPublicKey(signing, index);
                        } catch (SdfException e) {
                            if (e.code() == SdfError.SDR_KEYNOTEXIST.code || e.code() == SdfError.SDR_INARGERR.code) {
                                continue;
                            }
                            throw new IOException("the device did not list key pair " + index + ": " + e.getMessage(), e);
                        }
                        entries.put((signing ? SIGN : ENC) + index, new Entry(index, signing, publicKey(xy)));
                    }
                }
            } finally {
                device.giveBack(session);
            }
        } catch (SdfException | IllegalStateException e) {
            throw new IOException("the device cannot be read: " + e.getMessage(), e);
        }
        for (Map.Entry<String, Entry> entry : entries.entrySet()) {
            X509Certificate[] chain = chains.read(entry.getKey());
            if (chain != null && chain.length > 0 && matches(chain[0], entry.getValue().publicKey)) {
                entry.getValue().chain = chain;
            }
        }
    }

    private ECPublicKey publicKey(byte[] xy) throws IOException {
        try {
            ECPoint w = new ECPoint(new BigInteger(1, Arrays.copyOfRange(xy, 0, 32)), new BigInteger(1, Arrays.copyOfRange(xy, 32, 64)));
            return (ECPublicKey) KeyFactory.getInstance("SM2", software).generatePublic(new ECPublicKeySpec(w, Sm2ParameterSpec.INSTANCE));
        } catch (NoSuchAlgorithmException | InvalidKeySpecException e) {
            throw new IOException("the device exported a public key that is not an SM2 point: " + e.getMessage(), e);
        }
    }

    private static boolean matches(Certificate certificate, ECPublicKey publicKey) {
        return Arrays.equals(certificate.getPublicKey().getEncoded(), publicKey.getEncoded());
    }

    private Entry entry(String alias) {
        return alias == null ? null : entries.get(alias);
    }

    @Override
    public Key engineGetKey(String alias, char[] password) throws NoSuchAlgorithmException, UnrecoverableKeyException {
        Entry entry = entry(alias);
        if (entry == null) {
            return null;
        }
        return key(alias, entry, password, passwords);
    }

    /** The device key of an entry, unlocked with {@code password}, else with one {@code handler} gives. */
    private SdfPrivateKey key(String alias, Entry entry, char[] password, CallbackHandler handler) throws UnrecoverableKeyException {
        char[] secret = password != null ? password.clone() : ask(alias, handler);
        try {
            return loaded.getOrLoad(alias, secret, () -> SdfPrivateKey.load(device, entry.index, entry.signing, entry.publicKey, secret));
        } catch (IllegalStateException e) {
            UnrecoverableKeyException failure = new UnrecoverableKeyException("the device key " + alias + " cannot be had: "
                    + e.getMessage());
            failure.initCause(e);
            throw failure;
        } catch (SdfException e) {
            UnrecoverableKeyException failure = new UnrecoverableKeyException("the device refused access to key pair "
                    + entry.index + " (" + alias + "): " + e.getMessage());
            failure.initCause(e);
            throw failure;
        } finally {
            Arrays.fill(secret, '\0');
        }
    }

    private static char[] ask(String alias, CallbackHandler passwords) throws UnrecoverableKeyException {
        if (passwords == null) {
            throw new UnrecoverableKeyException("the device key " + alias + " needs its access password (give it to getKey, "
                    + "or load the key store with a KeyStore.CallbackHandlerProtection)");
        }
        PasswordCallback callback = new PasswordCallback("Password of the device key " + alias + ": ", false);
        try {
            passwords.handle(new Callback[] {callback});
            char[] given = callback.getPassword();
            if (given == null) {
                throw new UnrecoverableKeyException("no password given for the device key " + alias);
            }
            return given;
        } catch (IOException | UnsupportedCallbackException e) {
            UnrecoverableKeyException failure = new UnrecoverableKeyException("cannot ask for the password of " + alias + ": " + e);
            failure.initCause(e);
            throw failure;
        } finally {
            callback.clearPassword();
        }
    }

    @Override
    public Certificate[] engineGetCertificateChain(String alias) {
        Entry entry = entry(alias);
        return entry == null || entry.chain == null ? null : entry.chain.clone();
    }

    @Override
    public Certificate engineGetCertificate(String alias) {
        Entry entry = entry(alias);
        return entry == null || entry.chain == null ? null : entry.chain[0];
    }

    @Override
    public Date engineGetCreationDate(String alias) {
        Entry entry = entry(alias);
        return entry == null ? null : entry.chain == null ? loadedAt : entry.chain[0].getNotBefore();
    }

    @Override
    public void engineSetKeyEntry(String alias, Key key, char[] password, Certificate[] chain) throws KeyStoreException {
        Entry entry = entry(alias);
        if (!(key instanceof SdfPrivateKey device) || entry == null || device.index() != entry.index
                || device.isSigningKey() != entry.signing) {
            throw new KeyStoreException("keys cannot be imported into a device through KeyStore SDF; "
                    + "set a chain for a device key under its own alias (" + alias + ")");
        }
        if (chain == null || chain.length == 0 || !(chain[0] instanceof X509Certificate)) {
            throw new KeyStoreException("a device key's entry needs an X.509 certificate chain");
        }
        if (!matches(chain[0], entry.publicKey)) {
            throw new KeyStoreException("the chain's first certificate is not for the public key of " + alias);
        }
        X509Certificate[] certificates = new X509Certificate[chain.length];
        for (int i = 0; i < chain.length; i++) {
            if (!(chain[i] instanceof X509Certificate x509)) {
                throw new KeyStoreException("certificate " + i + " of the chain is not X.509");
            }
            certificates[i] = x509;
        }
        try {
            chains.write(alias, certificates);
        } catch (IOException e) {
            throw new KeyStoreException(e.getMessage(), e);
        }
        entry.chain = certificates;
    }

    @Override
    public void engineSetKeyEntry(String alias, byte[] key, Certificate[] chain) throws KeyStoreException {
        throw new KeyStoreException("keys cannot be imported into a device through KeyStore SDF");
    }

    @Override
    public void engineSetCertificateEntry(String alias, Certificate cert) throws KeyStoreException {
        throw new KeyStoreException("KeyStore SDF holds the device's key pairs only; keep trusted certificates in another store");
    }

    /** Deletes the chain kept for a device key; the key itself stays in the device. */
    @Override
    public void engineDeleteEntry(String alias) throws KeyStoreException {
        Entry entry = entry(alias);
        if (entry == null) {
            throw new KeyStoreException("no entry " + alias);
        }
        try {
            chains.delete(alias);
        } catch (IOException e) {
            throw new KeyStoreException(e.getMessage(), e);
        }
        entry.chain = null;
    }

    @Override
    public Enumeration<String> engineAliases() {
        return Collections.enumeration(entries.keySet());
    }

    @Override
    public boolean engineContainsAlias(String alias) {
        return entry(alias) != null;
    }

    @Override
    public int engineSize() {
        return entries.size();
    }

    @Override
    public boolean engineIsKeyEntry(String alias) {
        return entry(alias) != null;
    }

    @Override
    public boolean engineIsCertificateEntry(String alias) {
        return false;
    }

    @Override
    public String engineGetCertificateAlias(Certificate cert) {
        for (Map.Entry<String, Entry> entry : entries.entrySet()) {
            if (entry.getValue().chain != null && entry.getValue().chain[0].equals(cert)) {
                return entry.getKey();
            }
        }
        return null;
    }

    @Override
    public KeyStore.Entry engineGetEntry(String alias, KeyStore.ProtectionParameter protection)
            throws KeyStoreException, NoSuchAlgorithmException, UnrecoverableEntryException {
        Entry entry = entry(alias);
        if (entry == null) {
            return null;
        }
        if (entry.chain == null) {
            throw new KeyStoreException("no certificate chain is kept for the device key " + alias
                    + " (set one with setKeyEntry or keytool -importcert); getKey returns the key alone");
        }
        char[] password = null;
        if (protection instanceof KeyStore.PasswordProtection given) {
            password = given.getPassword();
        } else if (protection instanceof KeyStore.CallbackHandlerProtection handler) {
            return new KeyStore.PrivateKeyEntry(key(alias, entry, null, handler.getCallbackHandler()), entry.chain.clone());
        } else if (protection != null) {
            throw new UnrecoverableEntryException("KeyStore SDF takes a PasswordProtection or a CallbackHandlerProtection");
        }
        return new KeyStore.PrivateKeyEntry(key(alias, entry, password, passwords), entry.chain.clone());
    }

    /**
     * Every entry is a private key entry, with or without a chain kept (keytool installs a
     * certificate reply only into such an entry).
     */
    @Override
    public boolean engineEntryInstanceOf(String alias, Class<? extends KeyStore.Entry> type) {
        return entry(alias) != null && type == KeyStore.PrivateKeyEntry.class;
    }

    /** Chains were written when they were set: nothing more to write. */
    @Override
    public void engineStore(OutputStream stream, char[] password) throws IOException {
        if (stream != null) {
            throw new IOException("KeyStore SDF keeps its entries in the device: store it with a null stream");
        }
    }

    @Override
    public void engineStore(KeyStore.LoadStoreParameter parameter) {
        // chains were written when they were set
    }
}
