/**
 * The ShangMi security provider, {@link org.shangmi.provider.ShangMiProvider}, its key classes and
 * the choice of backend ({@link org.shangmi.provider.Backend}). Everything else is reached through
 * the JCA: {@code MessageDigest.getInstance("SM3")}, {@code Signature.getInstance("SM3withSM2")},
 * {@code Cipher.getInstance("SM4/GCM/NoPadding")} and so on.
 */
package org.shangmi.provider;
