package org.shangmi.cli;

import org.shangmi.provider.spec.Zuc3gppParameterSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** 3GPP's COUNT, BEARER and DIRECTION options of {@code enc} and {@code mac}, read as GmSSL's zuc_128_eea3 reads them. */
final class ThreeGpp {

    private ThreeGpp() {
    }

    /**
     * The spec the three options make, or null when none is given.
     *
     * @param allowed whether the chosen algorithm takes them (ZUC-128)
     * @param algorithmOption the option that chooses that algorithm, for messages
     */
    static Zuc3gppParameterSpec parse(CommandSpec spec, String count, String bearer, String direction, boolean allowed,
            String algorithmOption) {
        int given = (count != null ? 1 : 0) + (bearer != null ? 1 : 0) + (direction != null ? 1 : 0);
        if (given == 0) {
            return null;
        }
        if (!allowed) {
            throw new ParameterException(spec.commandLine(), "-count, -bearer and -direction go with " + algorithmOption);
        }
        if (given != 3) {
            throw new ParameterException(spec.commandLine(), "give all of -count, -bearer and -direction");
        }
        long c = number(spec, "-count", count, 0xffffffffL);
        long b = number(spec, "-bearer", bearer, 31);
        long d = number(spec, "-direction", direction, 1);
        return new Zuc3gppParameterSpec((int) c, (int) b, (int) d);
    }

    private static long number(CommandSpec spec, String option, String text, long max) {
        long value;
        try {
            value = text.startsWith("0x") || text.startsWith("0X") ? Long.parseLong(text.substring(2), 16) : Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new ParameterException(spec.commandLine(), option + " takes a decimal or 0x-prefixed hex number, not " + text);
        }
        if (value < 0 || value > max) {
            throw new ParameterException(spec.commandLine(), option + " is 0 to " + max + ", not " + text);
        }
        return value;
    }
}
