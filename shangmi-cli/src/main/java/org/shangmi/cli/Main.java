package org.shangmi.cli;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.io.PrintWriter;
import java.security.Provider;
import java.security.Security;
import java.util.ArrayList;
import java.util.List;
import org.shangmi.provider.BackendChoice;
import org.shangmi.provider.ShangMiProvider;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code shangmi}: ShangMi cryptography from the command line, in the style of {@code openssl}.
 * Exit codes: 0 success, 1 an input or verification failure, 2 a usage error.
 */
@Command(name = "shangmi", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "ShangMi cryptography (SM2, SM3, SM4, SM9) through the ShangMi provider.",
        subcommands = {DgstCommand.class, MacCommand.class, GenkeyCommand.class, PkeyCommand.class, Pkcs8Command.class, Pkcs12Command.class,
            SignCommand.class, VerifyCommand.class, EncryptCommand.class, DecryptCommand.class, KexCommand.class,
            ReqCommand.class, X509Command.class, CrlCommand.class, CmsCommand.class, SClientCommand.class, SServerCommand.class,
            EncCommand.class, DecCommand.class, Sm9SetupCommand.class, Sm9KeygenCommand.class, Sm9SignCommand.class,
            Sm9VerifyCommand.class, Sm9EncryptCommand.class, Sm9DecryptCommand.class, Sm9ExchCommand.class, BackendsCommand.class, SpeedCommand.class,
            CommandLine.HelpCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success", "1:an input could not be read, or a verification failed", "2:usage error"})
public final class Main implements Runnable {

    static final int EXIT_FAILURE = 1;

    @Spec
    private CommandSpec spec;

    private final InputStream stdin;
    private final OutputStream stdout;
    private final PrintWriter stderr;
    private final boolean stderrIsTerminal;
    private Provider provider;

    Main(InputStream stdin, OutputStream stdout, PrintWriter stderr, boolean stderrIsTerminal) {
        this.stdin = stdin;
        this.stdout = stdout;
        this.stderr = stderr;
        this.stderrIsTerminal = stderrIsTerminal;
    }

    public static void main(String[] args) {
        PrintWriter err = new PrintWriter(System.err, true);
        int status = execute(System.in, System.out, err, Terminal.stderrIsTerminal(), args);
        System.out.flush();
        err.flush();
        System.exit(status);
    }

    /**
     * Runs one command line and returns its exit code; the streams stay open. Text goes to
     * {@code stdout} as UTF-8; binary outputs (signatures, ciphertexts, DER keys) go there as is.
     */
    static int execute(InputStream stdin, OutputStream stdout, PrintWriter err, boolean stderrIsTerminal, String... args) {
        PrintWriter out = new PrintWriter(new OutputStreamWriter(stdout, StandardCharsets.UTF_8), true);
        CommandLine commandLine = new CommandLine(new Main(stdin, stdout, err, stderrIsTerminal))
                .setPosixClusteredShortOptionsAllowed(false)
                .setOut(out)
                .setErr(err)
                .setExecutionExceptionHandler((e, cl, parsed) -> {
                    err.println(cl.getCommandSpec().qualifiedName() + ": " + e.getMessage());
                    return EXIT_FAILURE;
                });
        Main main = commandLine.getCommand();
        // -V (version) belongs to shangmi itself: on a command it would exit 0 saying nothing
        for (CommandLine command : commandLine.getSubcommands().values()) {
            CommandLine.Model.OptionSpec version = command.getCommandSpec().findOption("-V");
            if (version != null && version.versionHelp()) {
                command.getCommandSpec().remove(version);
            }
        }
        // a usage error in one line and where to look, not the whole help
        commandLine.setParameterExceptionHandler((e, ignored) -> {
            CommandLine failed = e.getCommandLine();
            err.println(failed.getCommandSpec().qualifiedName() + ": " + e.getMessage());
            err.println("see '" + failed.getCommandSpec().qualifiedName() + " --help'");
            return failed.getCommandSpec().exitCodeOnInvalidInput();
        });
        // --backend, over the shangmi.backend* properties, chooses the backends of the command's provider
        commandLine.setExecutionStrategy(parsed -> {
            // picocli skips its checks when help is asked for: "shangmi NOSUCH --help" must still fail
            for (CommandLine.ParseResult result = parsed; result != null; result = result.subcommand()) {
                if (!result.unmatched().isEmpty()) {
                    throw new CommandLine.UnmatchedArgumentException(result.commandSpec().commandLine(), result.unmatched());
                }
            }
            for (CommandLine.ParseResult result = parsed; result != null; result = result.subcommand()) {
                if (result.hasMatchedOption("-passin")) {
                    main.passin = result.matchedOptionValue("-passin", null);
                }
                if (result.hasMatchedOption("-sdf")) {
                    main.sdf = result.matchedOptionValue("-sdf", null);
                }
            }
            main.choice = main.backendChoice(parsed.commandSpec().commandLine());
            return new CommandLine.RunLast().execute(parsed);
        });
        try {
            return commandLine.execute(args);
        } finally {
            out.flush();
            main.uninstall();
        }
    }

    @Option(names = "--backend", paramLabel = "[ALGORITHM=]BACKEND",
            description = {"The backend: auto (the default), java, ffm, jni, vector, or openssl (ffm, else jni), for every algorithm or for one "
                + "(SM2, SM3, HmacSM3, SM4=...; repeatable, or comma-separated). Over -Dshangmi.backend[.ALGORITHM]=BACKEND."})
    private List<String> backends = new ArrayList<>();

    /** The command's -passin, for encrypted private keys; set before the command runs. */
    private String passin;

    String passin() {
        return passin;
    }

    /** The command's -sdf: a device's library or configuration, for -key sdf:N. */
    private String sdf;
    private org.shangmi.sdf.ShangMiSdfProvider device;

    /** The device of -sdf, opened (and installed) on first use, closed when the command ends. */
    Provider device(int index) throws java.io.IOException {
        if (device == null) {
            if (sdf == null) {
                throw new java.io.IOException("a device key (sdf:N) needs the device: give its SDF library with -sdf");
            }
            device = DeviceKeys.open(this, sdf, index);
        }
        return device;
    }

    /** The device opened for a key of it. */
    Provider openDevice() {
        return device;
    }

    /** The backends the command's provider asks for; set before the command runs. */
    private BackendChoice choice;

    /**
     * The {@code shangmi.backend*} properties with the {@code --backend} options over them (a
     * later option over an earlier one).
     *
     * @throws ParameterException naming the option or property that is not a backend or algorithm
     */
    private BackendChoice backendChoice(CommandLine commandLine) {
        BackendChoice properties;
        try {
            properties = BackendChoice.fromSystemProperties();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(commandLine, e.getMessage());
        }
        if (backends.isEmpty()) {
            return properties;
        }
        try {
            return BackendChoice.parse(String.join(",", backends)).orElse(properties);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(commandLine, "--backend: " + e.getMessage());
        }
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "a command is needed: dgst, mac, enc, dec, genkey, pkey, sign, verify, "
                + "encrypt, decrypt, kex, pkcs8, pkcs12, req, x509, crl, cms, s_client, s_server, enc, dec, sm9setup, sm9keygen, "
                + "sm9sign, sm9verify, sm9encrypt, sm9decrypt, sm9exch, backends or speed (see shangmi --help)");
    }

    InputStream stdin() {
        return stdin;
    }

    /** Standard output for binary data; flush the command's PrintWriter before writing here. */
    OutputStream stdout() {
        return stdout;
    }

    PrintWriter stderr() {
        return stderr;
    }

    boolean stderrIsTerminal() {
        return stderrIsTerminal;
    }

    /** The backends the command's provider asks for. */
    BackendChoice backendChoice() {
        return choice;
    }

    /** The provider every command uses; its backends follow {@code --backend} and the {@code shangmi.backend*} properties. */
    Provider provider() {
        if (provider == null) {
            provider = new ShangMiProvider(choice);
        }
        return provider;
    }

    /**
     * The provider, installed at the head of this JVM's provider list for the rest of the command:
     * ahead of SunEC, the JDK's own certificate parsing and PKIX validation read SM2 keys through
     * it. What the PKI commands (req, x509, verify -CAfile) need.
     */
    Provider installedFirst() {
        ShangMiProvider ours = (ShangMiProvider) provider();
        Provider[] list = Security.getProviders();
        if (list.length > 0 && list[0] == ours) {
            return ours;
        }
        Provider before = Security.getProvider(ShangMiProvider.NAME);
        if (before != null) { // an in-process caller installed one; put it back afterwards
            replaced = before;
            replacedPosition = java.util.Arrays.asList(list).indexOf(before) + 1;
        }
        ShangMiProvider.install(ours);
        installed = true;
        return ours;
    }

    private boolean installed;
    private Provider replaced;
    private int replacedPosition;

    private void uninstall() {
        if (device != null) {
            Security.removeProvider(device.getName());
            device.close();
            device = null;
        }
        if (installed) {
            Security.removeProvider(ShangMiProvider.NAME);
            if (replaced != null) {
                Security.insertProviderAt(replaced, replacedPosition);
            }
            installed = false;
        }
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"shangmi " + new ShangMiProvider().getVersionStr()};
        }
    }
}
