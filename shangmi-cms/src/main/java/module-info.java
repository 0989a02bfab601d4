/**
 * Signed and enveloped messages (CMS, RFC 5652, and GM/T 0010) with SM2, SM3 and SM4: the
 * helpers {@link org.shangmi.cms.CmsSigner}, {@link org.shangmi.cms.SignedMessage},
 * {@link org.shangmi.cms.CmsEnveloper} and {@link org.shangmi.cms.EnvelopedMessage} on Bouncy
 * Castle's CMS engine, with the crypto of ShangMi (or of the provider that holds a key).
 */
module org.shangmi.cms {
    requires transitive org.shangmi.provider;
    requires org.bouncycastle.pkix;
    requires org.bouncycastle.provider;
    requires org.bouncycastle.util;

    exports org.shangmi.cms;
}
