package org.shangmi.sdf;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import org.shangmi.core.testing.GmsslPeer;

/**
 * Certificates for the device's key pair 1, made by GmSSL from the device's own key files
 * ({@code sm2sign-1.pem}, {@code sm2enc-1.pem}, which softsdfinit wrote encrypted under the key's
 * password): a root, a signing certificate and an encryption certificate for {@code localhost}.
 */
final class DevicePki {

    static final String ROOT_PASSWORD = "root-secret";

    final Path directory;

    private DevicePki(Path directory) {
        this.directory = directory;
    }

    static DevicePki make() throws IOException {
        Path device = SoftSdf.device();
        Path directory = Files.createTempDirectory("sdf-pki");
        GmsslPeer.run(directory, "sm2keygen", "-pass", ROOT_PASSWORD, "-out", "root.key");
        GmsslPeer.run(directory, "certgen", "-C", "CN", "-O", "ShangMi Test", "-CN", "Device Root", "-days", "30", "-key", "root.key",
                "-pass", ROOT_PASSWORD, "-key_usage", "keyCertSign", "-key_usage", "cRLSign", "-ca", "-out", "root.pem");
        for (String name : new String[] {"sign", "enc"}) {
            GmsslPeer.run(directory, "reqgen", "-C", "CN", "-O", "ShangMi Test", "-CN", "localhost", "-key",
                    device.resolve("sm2" + name + "-1.pem").toString(), "-pass", SoftSdf.PASSWORD, "-out", name + ".req");
            String[] usage = name.equals("sign") ? new String[] {"-key_usage", "digitalSignature"}
                    : new String[] {"-key_usage", "keyEncipherment", "-key_usage", "dataEncipherment", "-key_usage", "keyAgreement"};
            String[] args = {"reqsign", "-in", name + ".req", "-days", "30", "-cacert", "root.pem", "-key", "root.key", "-pass",
                    ROOT_PASSWORD, "-ext_key_usage", "serverAuth", "-subject_dns_name", "localhost", usage[0], usage[1],
                    "-out", name + ".pem"};
            if (usage.length > 2) {
                String[] more = new String[args.length + usage.length - 2];
                System.arraycopy(args, 0, more, 0, args.length - 2);
                System.arraycopy(usage, 2, more, args.length - 2, usage.length - 2);
                more[more.length - 2] = "-out";
                more[more.length - 1] = name + ".pem";
                args = more;
            }
            GmsslPeer.run(directory, args);
        }
        return new DevicePki(directory);
    }

    X509Certificate certificate(String name) throws Exception {
        try (InputStream in = Files.newInputStream(directory.resolve(name + ".pem"))) {
            return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
    }

    X509Certificate[] chain(String name) throws Exception {
        return new X509Certificate[] {certificate(name), certificate("root")};
    }
}
