package org.shangmi.cli;

import picocli.CommandLine.Command;

/** {@code shangmi dec}: {@code shangmi enc -d}. */
@Command(name = "dec", mixinStandardHelpOptions = true, description = "Decrypt with SM4, as openssl enc -d does (see enc).")
final class DecCommand extends EncCommand {

    @Override
    boolean decryptsByDefault() {
        return true;
    }
}
