/**
 * ShangMiSDF: a JCA provider for SM2 keys held in GM/T 0018 (SDF) crypto devices, configured as
 * SunPKCS11 is ({@link org.shangmi.sdf.ShangMiSdfProvider}). The vendor's library is reached
 * through FFM on JDK 22 and later (grant this module native access) and through a small JNI
 * library on JDK 17 and later.
 *
 * @provides java.security.Provider {@link org.shangmi.sdf.ShangMiSdfProvider}, unconfigured
 */
module org.shangmi.sdf {
    requires transitive org.shangmi.provider;

    exports org.shangmi.sdf;

    provides java.security.Provider with org.shangmi.sdf.ShangMiSdfProvider;
}
