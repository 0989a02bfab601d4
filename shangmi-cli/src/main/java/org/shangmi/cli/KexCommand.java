package org.shangmi.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.util.HexFormat;
import java.util.concurrent.Callable;
import javax.crypto.KeyAgreement;
import org.shangmi.provider.Sm2ExchangedKey;
import org.shangmi.provider.Sm2PrivateKey;
import org.shangmi.provider.spec.Sm2KeyExchangeSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code shangmi kex}: one party's side of the SM2 key exchange (GB/T 32918.3) from key files:
 * prints the shared key and this party's confirmation in hex, and checks the peer's if given.
 */
@Command(name = "kex", mixinStandardHelpOptions = true,
        description = "SM2 key exchange for one party: print 'key= HEX' and 'confirmation= HEX'.")
final class KexCommand implements Callable<Integer> {

    @ParentCommand
    Main main;

    @Mixin
    Passwords.PassinOption passin;

    @Spec
    CommandSpec spec;

    @Option(names = "-key", paramLabel = "FILE", required = true, description = "Own static private key.")
    Path ownKey;

    @Option(names = "-ephemeral", paramLabel = "FILE", required = true, description = "Own ephemeral private key.")
    Path ownEphemeral;

    @Option(names = "-id", paramLabel = "ID", defaultValue = "1234567812345678", description = "Own ID (default: ${DEFAULT-VALUE}).")
    String ownId;

    @Option(names = "-peerkey", paramLabel = "FILE", required = true, description = "The peer's static public key.")
    Path peerKey;

    @Option(names = "-peerephemeral", paramLabel = "FILE", required = true, description = "The peer's ephemeral public key.")
    Path peerEphemeral;

    @Option(names = "-peerid", paramLabel = "ID", defaultValue = "1234567812345678", description = "The peer's ID (default: ${DEFAULT-VALUE}).")
    String peerId;

    @Option(names = "-initiator", description = "This party is A, the initiator (default: B, the responder).")
    boolean initiator;

    @Option(names = "-length", paramLabel = "BYTES", defaultValue = "16", description = "Key length in bytes (default: ${DEFAULT-VALUE}).")
    int length;

    @Option(names = "-confirm", paramLabel = "HEX", description = "The peer's confirmation to check (exit 1 if it does not match).")
    String peerConfirmation;

    @Override
    public Integer call() throws GeneralSecurityException, IOException {
        Sm2PrivateKey own = (Sm2PrivateKey) KeyFiles.readPrivate(main, ownKey);
        KeyAgreement agreement = KeyAgreement.getInstance("SM2", main.provider());
        agreement.init(KeyFiles.readPrivate(main, ownEphemeral), new Sm2KeyExchangeSpec(
                ownId.getBytes(StandardCharsets.UTF_8), (ECPrivateKey) own, own.getPublicKey(),
                peerId.getBytes(StandardCharsets.UTF_8), (ECPublicKey) KeyFiles.readPublic(main, peerKey),
                initiator, length));
        agreement.doPhase(KeyFiles.readPublic(main, peerEphemeral), true);
        Sm2ExchangedKey key = (Sm2ExchangedKey) agreement.generateSecret("SM2");
        PrintWriter out = spec.commandLine().getOut();
        out.println("key= " + HexFormat.of().formatHex(key.getEncoded()));
        out.println("confirmation= " + HexFormat.of().formatHex(key.getConfirmation()));
        int status = 0;
        if (peerConfirmation != null) {
            boolean confirmed = key.confirms(HexFormat.of().parseHex(peerConfirmation.strip()));
            out.println(confirmed ? "peer confirmation OK" : "peer confirmation FAILED");
            status = confirmed ? 0 : Main.EXIT_FAILURE;
        }
        out.flush();
        key.destroy();
        return status;
    }
}
