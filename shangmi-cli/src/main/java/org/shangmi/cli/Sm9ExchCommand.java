package org.shangmi.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import javax.crypto.KeyAgreement;
import org.shangmi.provider.Sm9EphemeralPrivateKey;
import org.shangmi.provider.Sm9EphemeralPublicKey;
import org.shangmi.provider.Sm9ExchangedKey;
import org.shangmi.provider.Sm9MasterPublicKey;
import org.shangmi.provider.spec.Sm9EphemeralKeySpec;
import org.shangmi.provider.spec.Sm9ExchangeKeyGenParameterSpec;
import org.shangmi.provider.spec.Sm9KeyExchangeSpec;
import org.shangmi.provider.spec.Sm9ParameterSpec;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code shangmi sm9exch}: the SM9 key exchange in GmSSL's four stages and messages: A's
 * {@code init} sends RA (65 bytes); B's {@code respond} sends RB || SB (97 bytes); A's
 * {@code confirm} checks SB, writes the key and sends SA (32 bytes); B's {@code finish} checks SA
 * and writes the key. Messages are hex unless {@code -bin}. Each party keeps its ephemeral secret
 * between stages in a PEM file "SM9 EXCHANGE PRIVATE KEY" (r || R, then the peer's R), as
 * GmSSL does; the file is readable by its owner only.
 */
@Command(name = "sm9exch", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"SM9 key exchange (hid 2) in four stages, as gmssl sm9exch.",
            "Example (A is Alice, B is Bob):",
            "  A: shangmi sm9exch -stage init -pubmaster mpk.pem -peer_id Bob \\",
            "       -exch_keyout a.state -out ra",
            "  B: shangmi sm9exch -stage respond -pubmaster mpk.pem -key bob.pem \\",
            "       -pass P -id Bob -peer_id Alice -in ra -exch_keyout b.state \\",
            "       -out rb_sb",
            "  A: shangmi sm9exch -stage confirm -pubmaster mpk.pem -key alice.pem \\",
            "       -pass Q -id Alice -peer_id Bob -exch_key a.state -in rb_sb \\",
            "       -keyout key -out sa",
            "  B: shangmi sm9exch -stage finish -pubmaster mpk.pem -key bob.pem \\",
            "       -pass P -id Bob -peer_id Alice -exch_key b.state -in sa -keyout key"})
final class Sm9ExchCommand implements Callable<Integer> {

    static final String STATE_PEM = "SM9 EXCHANGE PRIVATE KEY";
    private static final int R_LENGTH = 65;
    private static final int CONFIRMATION_LENGTH = 32;

    @ParentCommand
    Main main;

    @Option(names = "-stage", paramLabel = "init|respond|confirm|finish", required = true, description = "This party's step.")
    String stage;

    @Option(names = "-pubmaster", paramLabel = "FILE", required = true, description = "The encryption master public key (PEM).")
    Path pubmaster;

    @Option(names = "-key", paramLabel = "FILE", description = "This party's key-exchange user key (not for init).")
    Path key;

    @Option(names = "-pass", paramLabel = "PASSWORD", description = "The user key's password.")
    String pass;

    static final class Identity {
        @Option(names = "-id", paramLabel = "ID", description = "This party's identity (text).")
        String text;

        @Option(names = "-id_hex", paramLabel = "HEX", description = "This party's identity (hex).")
        String hex;
    }

    static final class PeerIdentity {
        @Option(names = "-peer_id", paramLabel = "ID", description = "The peer's identity (text).")
        String text;

        @Option(names = "-peer_id_hex", paramLabel = "HEX", description = "The peer's identity (hex).")
        String hex;
    }

    @ArgGroup(exclusive = true)
    Identity id;

    @ArgGroup(exclusive = true)
    PeerIdentity peerId;

    @Option(names = "-in", paramLabel = "FILE", description = "The peer's message (default: standard input).")
    Path in;

    @Option(names = "-out", paramLabel = "FILE", description = "This party's message (default: standard output).")
    Path out;

    @Option(names = "-exch_keyout", paramLabel = "FILE", description = "Where init and respond keep the ephemeral secret.")
    Path exchKeyout;

    @Option(names = "-exch_key", paramLabel = "FILE", description = "The ephemeral secret kept by init or respond.")
    Path exchKey;

    @Option(names = "-keylen", paramLabel = "N", defaultValue = "32", description = "Bytes of shared key, 1 to 1024 (default: 32).")
    int keylen;

    @Option(names = "-keyout", paramLabel = "FILE", description = "The shared key (confirm and finish).")
    Path keyout;

    @Option(names = "-bin", description = "Messages and the key in binary instead of hex.")
    boolean bin;

    @Option(names = "-hex", description = "Messages and the key in hex (the default).")
    boolean hex;

    @Override
    public Integer call() throws GeneralSecurityException, IOException {
        if (keylen < 1 || keylen > 1024) {
            throw new IllegalArgumentException("-keylen is 1 to 1024, not " + keylen);
        }
        Sm9MasterPublicKey master = Sm9Files.readPublic(main, pubmaster);
        byte[] peer = require(identity(peerId == null ? null : peerId.text, peerId == null ? null : peerId.hex), "-peer_id");
        switch (stage) {
            case "init" -> init(master, peer);
            case "respond" -> respond(master, peer);
            case "confirm" -> confirmOrFinish(master, peer, true);
            case "finish" -> confirmOrFinish(master, peer, false);
            default -> throw new IllegalArgumentException("-stage is init, respond, confirm or finish, not " + stage);
        }
        return 0;
    }

    private void init(Sm9MasterPublicKey master, byte[] peer) throws GeneralSecurityException, IOException {
        KeyPair ephemeral = ephemeral(master, peer);
        byte[] r = ephemeral.getPrivate().getEncoded();
        try {
            writeState(require(exchKeyout, "-exch_keyout"), r, ephemeral.getPublic().getEncoded(), new byte[0]);
            writeMessage(ephemeral.getPublic().getEncoded());
        } finally {
            Arrays.fill(r, (byte) 0);
            Sm9Files.destroy(ephemeral.getPrivate());
        }
    }

    private void respond(Sm9MasterPublicKey master, byte[] peer) throws GeneralSecurityException, IOException {
        byte[] ra = readMessage(R_LENGTH, "RA");
        KeyPair ephemeral = ephemeral(master, peer);
        byte[] r = ephemeral.getPrivate().getEncoded();
        try {
            Sm9ExchangedKey agreed = agree(master, (Sm9EphemeralPrivateKey) ephemeral.getPrivate(), peer, ra, false);
            try {
                writeState(require(exchKeyout, "-exch_keyout"), r, ephemeral.getPublic().getEncoded(), ra);
                byte[] rb = ephemeral.getPublic().getEncoded();
                byte[] message = Arrays.copyOf(rb, R_LENGTH + CONFIRMATION_LENGTH);
                System.arraycopy(agreed.getConfirmation(), 0, message, R_LENGTH, CONFIRMATION_LENGTH);
                writeMessage(message);
            } finally {
                agreed.destroy();
            }
        } finally {
            Arrays.fill(r, (byte) 0);
            Sm9Files.destroy(ephemeral.getPrivate());
        }
    }

    private void confirmOrFinish(Sm9MasterPublicKey master, byte[] peer, boolean initiator)
            throws GeneralSecurityException, IOException {
        byte[] state = readState(require(exchKey, "-exch_key"), initiator);
        byte[] r = Arrays.copyOf(state, 32);
        Sm9EphemeralKeySpec saved = new Sm9EphemeralKeySpec(r, master, peer, Sm9ParameterSpec.HID_EXCHANGE);
        Arrays.fill(r, (byte) 0);
        Sm9EphemeralPrivateKey ephemeral;
        try {
            ephemeral = (Sm9EphemeralPrivateKey) KeyFactory.getInstance("SM9", main.provider()).generatePrivate(saved);
        } finally {
            saved.destroy();
        }
        try {
            if (!Arrays.equals(ephemeral.getPublicKey().getEncoded(), Arrays.copyOfRange(state, 32, 32 + R_LENGTH))) {
                throw new GeneralSecurityException(exchKey + ": the saved R is not [r]Q of the peer -peer_id names");
            }
            byte[] peerR;
            byte[] peerConfirmation;
            if (initiator) {
                byte[] message = readMessage(R_LENGTH + CONFIRMATION_LENGTH, "RB || SB");
                peerR = Arrays.copyOf(message, R_LENGTH);
                peerConfirmation = Arrays.copyOfRange(message, R_LENGTH, message.length);
            } else {
                peerR = Arrays.copyOfRange(state, 32 + R_LENGTH, state.length);
                peerConfirmation = readMessage(CONFIRMATION_LENGTH, "SA");
            }
            Sm9ExchangedKey agreed = agree(master, ephemeral, peer, peerR, initiator);
            try {
                if (!agreed.confirms(peerConfirmation)) {
                    throw new GeneralSecurityException("the peer's confirmation (" + (initiator ? "SB" : "SA")
                            + ") does not match: it did not agree on the same key");
                }
                byte[] sharedKey = agreed.getEncoded();
                try {
                    InputOutputOptions.write(main, require(keyout, "-keyout"), encode(sharedKey), true);
                } finally {
                    Arrays.fill(sharedKey, (byte) 0);
                }
                if (initiator) {
                    writeMessage(agreed.getConfirmation());
                }
            } finally {
                agreed.destroy();
            }
        } finally {
            ephemeral.destroy();
            Arrays.fill(state, (byte) 0);
        }
    }

    private KeyPair ephemeral(Sm9MasterPublicKey master, byte[] peer) throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("SM9", main.provider());
        generator.initialize(new Sm9ExchangeKeyGenParameterSpec(master, peer, Sm9ParameterSpec.HID_EXCHANGE));
        return generator.generateKeyPair();
    }

    private Sm9ExchangedKey agree(Sm9MasterPublicKey master, Sm9EphemeralPrivateKey ephemeral, byte[] peer, byte[] peerR,
            boolean initiator) throws GeneralSecurityException, IOException {
        byte[] own = require(identity(id == null ? null : id.text, id == null ? null : id.hex), "-id");
        PrivateKey user = Sm9Files.readPrivate(main, require(key, "-key"), pass);
        try {
            KeyAgreement agreement = KeyAgreement.getInstance("SM9", main.provider());
            agreement.init(ephemeral, new Sm9KeyExchangeSpec(user, own, peer, initiator, keylen));
            Sm9EphemeralPublicKey peerPoint;
            try {
                peerPoint = Sm9EphemeralPublicKey.of(peerR);
            } catch (IllegalArgumentException e) {
                throw new GeneralSecurityException("the peer's R: " + e.getMessage(), e);
            }
            agreement.doPhase(peerPoint, true);
            return (Sm9ExchangedKey) agreement.generateSecret("SM9-SK");
        } finally {
            Sm9Files.destroy(user);
        }
    }

    private static byte[] identity(String text, String hexText) {
        if (hexText != null) {
            return HexFormat.of().parseHex(hexText.replaceAll("\\s", ""));
        }
        return text == null ? null : text.getBytes(StandardCharsets.UTF_8);
    }

    private static <T> T require(T value, String option) {
        if (value == null) {
            throw new IllegalArgumentException("this stage needs " + option);
        }
        return value;
    }

    private byte[] encode(byte[] bytes) {
        return bin ? bytes.clone() : HexFormat.of().formatHex(bytes).getBytes(StandardCharsets.US_ASCII);
    }

    private void writeMessage(byte[] message) throws IOException {
        InputOutputOptions.write(main, out, encode(message), false);
    }

    private byte[] readMessage(int length, String what) throws IOException {
        byte[] raw = InputOutputOptions.read(main, in);
        byte[] message;
        if (bin) {
            message = raw;
        } else {
            try {
                message = HexFormat.of().parseHex(new String(raw, StandardCharsets.US_ASCII).replaceAll("\\s", ""));
            } catch (IllegalArgumentException e) {
                throw new IOException(what + ": not hex (use -bin for binary messages)", e);
            }
        }
        if (message.length != length) {
            throw new IOException(what + ": " + message.length + " bytes, not " + length);
        }
        return message;
    }

    private void writeState(Path file, byte[] r, byte[] ownR, byte[] peerR) throws IOException {
        byte[] state = new byte[32 + R_LENGTH + peerR.length];
        System.arraycopy(r, 0, state, 0, 32);
        System.arraycopy(ownR, 0, state, 32, R_LENGTH);
        System.arraycopy(peerR, 0, state, 32 + R_LENGTH, peerR.length);
        try {
            InputOutputOptions.write(main, file, Pem.encode(STATE_PEM, state).getBytes(StandardCharsets.US_ASCII), true);
        } finally {
            Arrays.fill(state, (byte) 0);
        }
    }

    private byte[] readState(Path file, boolean initiator) throws IOException {
        byte[] bytes = InputOutputOptions.read(main, file);
        try {
            List<byte[]> blocks = Pem.decodeAll(bytes, STATE_PEM);
            int expected = 32 + R_LENGTH + (initiator ? 0 : R_LENGTH);
            if (blocks.isEmpty() || blocks.get(0).length != expected) {
                throw new IOException(file + ": not the " + (initiator ? "init" : "respond") + " stage's state (PEM "
                        + STATE_PEM + " of " + expected + " bytes)");
            }
            return blocks.get(0);
        } finally {
            Arrays.fill(bytes, (byte) 0);
        }
    }
}
