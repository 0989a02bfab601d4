package org.shangmi.cli;

import java.security.Provider;
import java.security.Security;
import java.util.Arrays;
import java.util.List;
import org.shangmi.provider.ShangMiProvider;

/**
 * Whether this JVM's provider list lets the JDK read SM2 keys: a provider named ShangMi ahead
 * of SunEC. The commands put theirs first; this is what a failure says when the list is wrong all
 * the same (the JDK's words then hide the cause: "keystore password was incorrect" for the right
 * password, "Unknown named curve: 1.2.156.10197.1.301").
 */
final class ProviderOrder {

    private ProviderOrder() {
    }

    /** What is wrong with the provider order, for a failure message, or null if ShangMi comes before SunEC (or there is no SunEC). */
    static String problem() {
        List<String> names = Arrays.stream(Security.getProviders()).map(Provider::getName).toList();
        int shangmi = names.indexOf(ShangMiProvider.NAME);
        int sunEc = names.indexOf("SunEC");
        if (sunEc < 0 || shangmi >= 0 && shangmi < sunEc) {
            return null;
        }
        return (shangmi < 0 ? "ShangMi is not installed" : "ShangMi is installed behind SunEC (position " + (shangmi + 1)
                + ", SunEC " + (sunEc + 1) + ")") + ": the JDK reads SM2 keys and certificates only with ShangMi ahead of "
                + "SunEC, and otherwise calls a correct PKCS#12 password incorrect (ShangMiProvider.install() in code, "
                + "security.provider.1=ShangMi in java.security)";
    }

    /** {@code message}, followed by what is wrong with the provider order if anything is. */
    static String explain(String message) {
        String problem = problem();
        return problem == null ? message : message + "; " + problem;
    }
}
