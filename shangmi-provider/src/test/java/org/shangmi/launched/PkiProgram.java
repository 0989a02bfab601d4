package org.shangmi.launched;

import java.io.FileInputStream;
import java.security.KeyStore;
import java.security.Provider;
import java.security.Security;
import java.security.cert.CertPathValidator;
import java.security.cert.CertificateFactory;
import java.security.cert.PKIXParameters;
import java.security.cert.TrustAnchor;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What ModulePathTest runs in a JVM with the provider on the module path: reads OpenSSL's chain,
 * validates it with PKIX and opens an SM4-protected PKCS#12 file, then prints the provider's
 * module, the first provider's name and the key's class. In a package of its own, since the
 * provider's module owns {@code org.shangmi.provider}.
 */
public final class PkiProgram {

    private PkiProgram() {
    }

    /** @param args root, intermediate and leaf certificates, the PKCS#12 file, its password, then "install" to install ShangMi in code */
    public static void main(String[] args) throws Exception {
        Provider shangmi = Security.getProvider("ShangMi");
        if (args[5].equals("install")) {
            shangmi = (Provider) Class.forName("org.shangmi.provider.ShangMiProvider").getConstructor().newInstance();
            Security.insertProviderAt(shangmi, 1);
        }
        CertificateFactory factory = CertificateFactory.getInstance("X.509");
        List<X509Certificate> certificates = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            try (FileInputStream in = new FileInputStream(args[i])) {
                certificates.add((X509Certificate) factory.generateCertificate(in));
            }
        }
        PKIXParameters parameters = new PKIXParameters(Set.of(new TrustAnchor(certificates.get(0), null)));
        parameters.setRevocationEnabled(false);
        CertPathValidator.getInstance("PKIX").validate(factory.generateCertPath(List.of(certificates.get(2), certificates.get(1))),
                parameters);
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (FileInputStream in = new FileInputStream(args[3])) {
            store.load(in, args[4].toCharArray());
        }
        Module module = shangmi.getClass().getModule();
        System.out.println("module " + (module.isNamed() ? module.getName() : "unnamed") + " "
                + Security.getProviders()[0].getName() + " "
                + store.getKey("leaf", args[4].toCharArray()).getClass().getName());
    }
}
