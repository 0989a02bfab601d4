package org.shangmi.core.javabackend;

import java.util.EnumSet;
import java.util.Set;
import org.shangmi.core.backend.AeadEngine;
import org.shangmi.core.backend.Algorithm;
import org.shangmi.core.backend.BackendService;
import org.shangmi.core.backend.CbcMessagesEngine;
import org.shangmi.core.backend.CcmEngine;
import org.shangmi.core.backend.CipherEngine;
import org.shangmi.core.backend.CipherMode;
import org.shangmi.core.backend.DigestEngine;
import org.shangmi.core.backend.MacEngine;
import org.shangmi.core.backend.Sm2Engine;
import org.shangmi.core.backend.XtsEngine;
import org.shangmi.core.hash.Hmac;
import org.shangmi.core.sm2.Sm2;
import org.shangmi.core.sm3.Sm3;
import org.shangmi.core.sm4.Sm4CbcMessages;
import org.shangmi.core.sm4.Sm4Ccm;
import org.shangmi.core.sm4.Sm4Gcm;
import org.shangmi.core.sm4.Sm4Modes;
import org.shangmi.core.sm4.Sm4Xts;

/** The pure-Java engines of this module: always loadable, on every JDK from 17. */
public final class JavaBackend implements BackendService {

    public static final String NAME = "java";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Set<Algorithm> load() {
        return EnumSet.of(Algorithm.SM3, Algorithm.HMAC_SM3, Algorithm.SM2, Algorithm.SM4);
    }

    @Override
    public String details() {
        return "pure Java on " + System.getProperty("java.vm.name") + " " + Runtime.version();
    }

    @Override
    public DigestEngine newDigest(Algorithm algorithm) {
        if (algorithm == Algorithm.SM3) {
            return new Sm3();
        }
        throw new UnsupportedOperationException(algorithm + " is not a digest of the Java backend");
    }

    @Override
    public MacEngine newMac(Algorithm algorithm) {
        if (algorithm == Algorithm.HMAC_SM3) {
            return new Hmac(new Sm3(), Algorithm.HMAC_SM3.jcaName());
        }
        throw new UnsupportedOperationException(algorithm + " is not a MAC of the Java backend");
    }

    @Override
    public Sm2Engine newSm2() {
        return new Sm2();
    }

    @Override
    public CipherEngine newSm4(CipherMode mode, boolean encrypt, byte[] key, byte[] iv) {
        return Sm4Modes.create(mode, encrypt, key, iv);
    }

    @Override
    public AeadEngine newSm4Gcm(byte[] key, byte[] iv, int tagLength) {
        return new Sm4Gcm(key, iv, tagLength);
    }

    @Override
    public XtsEngine newSm4Xts(byte[] key, boolean ieee) {
        return new Sm4Xts(key, ieee);
    }

    @Override
    public CcmEngine newSm4Ccm(byte[] key) {
        return new Sm4Ccm(key);
    }

    @Override
    public CbcMessagesEngine newSm4CbcMessages(byte[] key) {
        return new Sm4CbcMessages(key);
    }
}
