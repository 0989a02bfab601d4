package org.shangmi.cli;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code shangmi dgst}: like {@code openssl dgst -sm3}. */
@Command(name = "dgst", mixinStandardHelpOptions = true,
        description = "Print the SM3 digest of each FILE as 'SM3(FILE)= HEX', like openssl dgst.")
final class DgstCommand extends DigestingCommand {

    @Option(names = "-sm3", description = "Use SM3 (the default, and for now the only digest).")
    boolean sm3;

    private MessageDigest digest;

    @Override
    String label() {
        return "SM3";
    }

    @Override
    void start() throws GeneralSecurityException {
        digest = MessageDigest.getInstance("SM3", providerFor("SM3"));
    }

    @Override
    void update(byte[] input, int off, int len) {
        digest.update(input, off, len);
    }

    @Override
    byte[] finish() {
        return digest.digest();
    }

    @Override
    void reset() {
        digest.reset();
    }
}
