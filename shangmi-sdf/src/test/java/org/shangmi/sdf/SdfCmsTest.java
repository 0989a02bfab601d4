package org.shangmi.sdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.shangmi.cms.CmsEnveloper;
import org.shangmi.cms.CmsPem;
import org.shangmi.cms.CmsProfile;
import org.shangmi.cms.CmsSigner;
import org.shangmi.cms.EnvelopedMessage;
import org.shangmi.cms.SignedMessage;
import org.shangmi.cms.VerifiedSigner;
import org.shangmi.core.testing.GmsslPeer;

/**
 * CMS (GM/T 0010) with device keys, unchanged code above the JCA: signed messages in GmSSL's form
 * verified by {@code gmssl cmsverify} and in the standard form by our reader; envelopes of
 * {@code gmssl cmsencrypt} and of our enveloper opened with the device's encryption key.
 */
class SdfCmsTest extends WithDevice {

    private static final byte[] CONTENT = "a contract signed with a key that never left the device".getBytes(StandardCharsets.UTF_8);
    private static DevicePki pki;

    @BeforeAll
    static void makePki() throws Exception {
        pki = DevicePki.make();
    }

    private PrivateKey deviceKey(String binding, String alias) throws Exception {
        open(binding, "key-indexes=1");
        KeyStore store = KeyStore.getInstance("SDF", provider);
        store.load(null, null);
        return (PrivateKey) store.getKey(alias, SoftSdf.PASSWORD.toCharArray());
    }

    @ParameterizedTest
    @MethodSource("bindings")
    void signedInTheDeviceVerifiesInGmsslAndHere(String binding) throws Exception {
        PrivateKey key = deviceKey(binding, "sign-1");
        byte[] gmsslForm = new CmsSigner(CmsProfile.GMSSL).addSigner(key, pki.certificate("sign")).sign(CONTENT);
        Path directory = Files.createTempDirectory("sdf-cms");
        Path file = Files.writeString(directory.resolve("signed.pem"), CmsPem.encode(gmsslForm));
        String said = GmsslPeer.run(directory, "cmsverify", "-in", file.toString(), "-out", directory.resolve("out").toString());
        assertTrue(said.contains("verify success"), said);
        assertArrayEquals(CONTENT, Files.readAllBytes(directory.resolve("out")));

        byte[] standard = new CmsSigner(CmsProfile.values()[0]).addSigner(key, pki.certificate("sign")).sign(CONTENT);
        List<VerifiedSigner> signers = SignedMessage.read(standard).verify();
        assertEquals(pki.certificate("sign"), signers.get(0).certificate());
        assertNotNull(signers.get(0).id(), "the standard form hashes Z with the ID");
        assertNull(SignedMessage.read(gmsslForm).verify().get(0).id(), "GmSSL's form signs e without Z");
    }

    @ParameterizedTest
    @MethodSource("bindings")
    void envelopesOfGmsslAndOursOpenWithTheDeviceKey(String binding) throws Exception {
        PrivateKey key = deviceKey(binding, "enc-1");
        Path directory = Files.createTempDirectory("sdf-cms");
        Path in = Files.write(directory.resolve("in"), CONTENT);
        Path out = directory.resolve("enveloped.pem");
        GmsslPeer.run(directory, "cmsencrypt", "-rcptcert", pki.directory.resolve("enc.pem").toString(), "-in", in.toString(),
                "-out", out.toString());
        byte[] theirs = CmsPem.decode(Files.readString(out));
        assertArrayEquals(CONTENT, EnvelopedMessage.read(theirs).decrypt(key, pki.certificate("enc")));

        byte[] ours = new CmsEnveloper(CmsProfile.GMSSL).addRecipient(pki.certificate("enc")).encrypt(CONTENT);
        assertArrayEquals(CONTENT, EnvelopedMessage.read(ours).decrypt(key, pki.certificate("enc")));
    }
}
