package org.shangmi.pki;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import javax.security.auth.x500.X500Principal;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.DERSequence;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.junit.jupiter.api.Test;

/** Names and extensions encode as Bouncy Castle's ASN.1 classes encode the same values, and refuse what is wrong. */
class EncodingTest {

    @Test
    void namesEncodeAsBouncyCastle() throws Exception {
        byte[] expected = new X500NameBuilder(BCStyle.INSTANCE).addRDN(BCStyle.C, "CN").addRDN(BCStyle.O, "A/B, Inc.")
                .addMultiValuedRDN(new ASN1ObjectIdentifier[] {BCStyle.CN, BCStyle.UID}, new String[] {"x", "y"})
                .addRDN(BCStyle.EmailAddress, "a@b.example").addRDN(BCStyle.CN, "水").build().getEncoded("DER");
        X500Principal ours = Names.parse("/C=CN/O=A\\/B, Inc./CN=x+UID=y/emailAddress=a@b.example/CN=水");
        assertArrayEquals(expected, ours.getEncoded());
        assertEquals("C = CN, O = A/B, Inc., CN = x + UID = y, emailAddress = a@b.example, CN = 水", Names.oneLine(ours));
        assertArrayEquals(new byte[] {0x30, 0x00}, Names.parse("/").getEncoded());
    }

    @Test
    void namesRefuseWhatOpenSslWouldNot() {
        for (String bad : List.of("CN=x", "/CN", "/C=China", "/C=C\u00e9", "/XX=y", "/emailAddress=\u00e9@x")) {
            assertThrows(IllegalArgumentException.class, () -> Names.parse(bad), bad);
        }
    }

    @Test
    void extensionsEncodeAsBouncyCastle() throws Exception {
        byte[] ours = new Extensions()
                .add("basicConstraints = critical,CA:TRUE,pathlen:3")
                .add("keyUsage = critical,digitalSignature,keyCertSign,decipherOnly")
                .add("extendedKeyUsage = serverAuth,1.2.3.4")
                .add("subjectAltName = DNS:a.example,IP:10.1.2.3,IP:2001:db8::1,email:x@a.example,URI:https://a.example/")
                .encode(new Extensions.KeyIds(new byte[0], null));
        ASN1Encodable[] extensions = {
            new Extension(Extension.basicConstraints, true, new BasicConstraints(3).getEncoded()),
            new Extension(Extension.keyUsage, true,
                    new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyCertSign | KeyUsage.decipherOnly).getEncoded()),
            new Extension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(new KeyPurposeId[] {
                KeyPurposeId.id_kp_serverAuth, KeyPurposeId.getInstance(new ASN1ObjectIdentifier("1.2.3.4"))}).getEncoded()),
            new Extension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
                new GeneralName(GeneralName.dNSName, "a.example"), new GeneralName(GeneralName.iPAddress, "10.1.2.3"),
                new GeneralName(GeneralName.iPAddress, "2001:db8::1"), new GeneralName(GeneralName.rfc822Name, "x@a.example"),
                new GeneralName(GeneralName.uniformResourceIdentifier, "https://a.example/")}).getEncoded())};
        assertArrayEquals(new DERSequence(extensions).getEncoded("DER"), ours);

        for (int usage : new int[] {KeyUsage.digitalSignature, KeyUsage.cRLSign, KeyUsage.keyAgreement | KeyUsage.encipherOnly,
                KeyUsage.nonRepudiation}) {
            List<String> names = new java.util.ArrayList<>();
            for (int bit = 0; bit < 9; bit++) {
                int flag = bit < 8 ? 0x80 >>> bit : KeyUsage.decipherOnly;
                if ((usage & flag) != 0) {
                    names.add(Extensions.KEY_USAGES.get(bit));
                }
            }
            byte[] expected = new DERSequence(new Extension(Extension.keyUsage, false, new KeyUsage(usage).getEncoded()))
                    .getEncoded("DER");
            assertArrayEquals(expected, new Extensions().add("keyUsage = " + String.join(",", names))
                    .encode(new Extensions.KeyIds(new byte[0], null)), names.toString());
        }
        byte[] notCa = new Extensions().add("basicConstraints = CA:FALSE").encode(new Extensions.KeyIds(new byte[0], null));
        assertArrayEquals(new DERSequence(new Extension(Extension.basicConstraints, false,
                new BasicConstraints(false).getEncoded())).getEncoded("DER"), notCa);
    }

    @Test
    void corruptedRequestsFailOnlyWithIllegalArgumentException() throws Exception {
        java.security.KeyPair pair = java.security.KeyPairGenerator.getInstance("SM2", new org.shangmi.provider.ShangMiProvider())
                .generateKeyPair();
        java.security.Signature signer = java.security.Signature.getInstance("SM3withSM2", new org.shangmi.provider.ShangMiProvider());
        signer.initSign(pair.getPrivate());
        byte[] valid = new CsrBuilder().subject(Names.parse("/C=CN/CN=fuzz")).publicKey(pair.getPublic())
                .extensions(new Extensions().add("subjectAltName = DNS:fuzz.example").add("keyUsage = digitalSignature"))
                .signDer(signer);
        long seed = System.nanoTime();
        java.util.Random random = new java.util.Random(seed);
        for (int i = 0; i < 50_000; i++) {
            byte[] corrupted = org.shangmi.core.testing.Mutations.mutate(random, valid);
            try {
                CertificationRequest request = CertificationRequest.parse(corrupted);
                new Extensions().addRequested(request);
                Names.oneLine(request.subject());
            } catch (IllegalArgumentException expected) {
                org.junit.jupiter.api.Assertions.assertNotNull(expected.getMessage(), "seed " + seed);
            }
        }
    }

    @Test
    void extensionsRefuseWhatIsWrongWhenRead() {
        for (String bad : List.of("keyUsage = flying", "basicConstraints = CA:FALSE,pathlen:1", "basicConstraints = pathlen:-1",
                "subjectAltName = IP:1.2.3", "subjectAltName = DNS:", "subjectAltName = X400:x", "nameConstraints = permitted",
                "subjectKeyIdentifier = 01:02", "keyUsage =", "extendedKeyUsage = 1..2", "no equals sign")) {
            assertThrows(IllegalArgumentException.class, () -> new Extensions().add(bad), bad);
        }
    }
}
