package org.shangmi.sdf;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.cert.CertPath;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.List;

/**
 * Where the key store keeps each entry's certificate chain: as a {@code PkiPath} (DER
 * {@code SEQUENCE OF Certificate}, the trust anchor's end first), in the device's file area
 * ({@code SDF_CreateFile}/{@code SDF_WriteFile}, file {@code shangmi-ALIAS}) or in a directory
 * ({@code ALIAS.pkipath}).
 */
abstract class ChainStore {

    /** The largest chain kept (SoftSDF's files hold 64 KiB). */
    static final int MAX_CHAIN = 65536;

    static ChainStore of(SdfDevice device) {
        return device.config.certificates.equals(SdfConfig.DEVICE_FILES) ? new DeviceFiles(device)
                : new Directory(Path.of(device.config.certificates));
    }

    /**
     * The chain of {@code alias}, leaf first, or null if none is kept, or what is kept is no DER
     * element (a file left zeroed by a write that did not finish): one bad file must not lock the
     * other entries out, and setting the chain again mends it.
     */
    final X509Certificate[] read(String alias) throws IOException {
        byte[] stored = load(alias);
        if (stored == null) {
            return null;
        }
        int length = derLength(stored);
        if (length < 0) {
            return null;
        }
        try {
            CertPath path = CertificateFactory.getInstance("X.509")
                    .generateCertPath(new ByteArrayInputStream(stored, 0, length), "PkiPath");
            List<? extends java.security.cert.Certificate> certificates = path.getCertificates();
            return certificates.toArray(new X509Certificate[0]);
        } catch (CertificateException e) {
            String hint = String.valueOf(e.getMessage()).contains("Unknown named curve")
                    ? " (the JDK reads SM2 certificates with ShangMi installed ahead of SunEC: ShangMiProvider.install())" : "";
            throw new IOException("the chain kept for " + alias + " cannot be read: " + e.getMessage() + hint, e);
        }
    }

    final void write(String alias, X509Certificate[] chain) throws IOException {
        try {
            byte[] encoded = CertificateFactory.getInstance("X.509").generateCertPath(Arrays.asList(chain)).getEncoded("PkiPath");
            if (encoded.length > MAX_CHAIN) {
                throw new IOException("the chain is " + encoded.length + " bytes; at most " + MAX_CHAIN + " are kept");
            }
            save(alias, encoded);
        } catch (CertificateException e) {
            throw new IOException("cannot encode the chain: " + e.getMessage(), e);
        }
    }

    abstract byte[] load(String alias) throws IOException;

    abstract void save(String alias, byte[] encoded) throws IOException;

    abstract void delete(String alias) throws IOException;

    /** The length of the DER element at the start (files may be longer, padded with zeros), or -1. */
    private static int derLength(byte[] der) {
        if (der.length < 2 || der[0] != 0x30) {
            return -1;
        }
        int first = der[1] & 0xff;
        if (first < 0x80) {
            return 2 + first <= der.length ? 2 + first : -1;
        }
        int bytes = first & 0x7f;
        if (bytes == 0 || bytes > 3 || der.length < 2 + bytes) {
            return -1;
        }
        int length = 0;
        for (int i = 0; i < bytes; i++) {
            length = (length << 8) | (der[2 + i] & 0xff);
        }
        int total = 2 + bytes + length;
        return total <= der.length ? total : -1;
    }

    private static final class DeviceFiles extends ChainStore {
        private final SdfDevice device;

        DeviceFiles(SdfDevice device) {
            this.device = device;
        }

        private static String file(String alias) {
            return "shangmi-" + alias;
        }

        @Override
        byte[] load(String alias) throws IOException {
            try {
                SdfSession session = device.borrow();
                try {
                    return session.readFile(file(alias), MAX_CHAIN);
                } finally {
                    device.giveBack(session);
                }
            } catch (SdfException e) {
                // GM/T 0018 names a missing file SDR_FILENOEXIST; devices also answer with codes of their own
                return null;
            } catch (IllegalStateException e) {
                throw new IOException(e.getMessage(), e);
            }
        }

        @Override
        void save(String alias, byte[] encoded) throws IOException {
            try {
                SdfSession session = device.borrow();
                try {
                    session.writeFile(file(alias), encoded);
                } finally {
                    device.giveBack(session);
                }
            } catch (SdfException | IllegalStateException e) {
                throw new IOException("the device did not keep the chain: " + e.getMessage(), e);
            }
        }

        @Override
        void delete(String alias) throws IOException {
            try {
                SdfSession session = device.borrow();
                try {
                    session.deleteFile(file(alias));
                } finally {
                    device.giveBack(session);
                }
            } catch (SdfException | IllegalStateException e) {
                throw new IOException("the device did not delete the chain: " + e.getMessage(), e);
            }
        }
    }

    private static final class Directory extends ChainStore {
        private final Path directory;

        Directory(Path directory) {
            this.directory = directory;
        }

        @Override
        byte[] load(String alias) throws IOException {
            try {
                return Files.readAllBytes(directory.resolve(alias + ".pkipath"));
            } catch (NoSuchFileException e) {
                return null;
            }
        }

        @Override
        void save(String alias, byte[] encoded) throws IOException {
            Path target = directory.resolve(alias + ".pkipath");
            Path temporary = Files.createTempFile(directory, alias, ".tmp");
            try {
                Files.write(temporary, encoded);
                Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(temporary);
            }
        }

        @Override
        void delete(String alias) throws IOException {
            Files.deleteIfExists(directory.resolve(alias + ".pkipath"));
        }
    }
}
