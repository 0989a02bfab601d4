/**
 * CMS with the ShangMi algorithms. {@link org.shangmi.cms.CmsSigner} writes SignedData (SM3withSM2,
 * attached or detached, several signers, certificates and CRLs) and {@link org.shangmi.cms.SignedMessage}
 * reads and verifies it; {@link org.shangmi.cms.CmsEnveloper} writes EnvelopedData (SM2 key
 * transport, SM4-CBC) and {@link org.shangmi.cms.EnvelopedMessage} decrypts it. Which object
 * identifiers and versions are written is a {@link org.shangmi.cms.CmsProfile}; every profile is
 * read.
 */
package org.shangmi.cms;
