package org.shangmi.tls.tlcp;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * TLCP's record layer (GB/T 38636-2020 section 6.3) for one connection: the five-byte header, the
 * queue of records waiting to be written with the switch of write keys after ChangeCipherSpec,
 * the current read and write protection, the size limits, and the reassembly of handshake
 * messages split over records or packed into one; and whether each direction is still open,
 * each direction's keys destroyed when it ends. Reading ends at the peer's close_notify, a fault
 * or the application's closeInbound; writing ends once the last record (close_notify or a fatal
 * alert) is written, or at once when nothing more can be written. Nothing is queued after the
 * last record, and nothing is opened after reading ended. {@link TlcpConnection} decides what the records
 * mean; this class only frames, protects and splits them. Not thread-safe: the engine's lock
 * guards it.
 */
final class RecordLayer {

    /** Bytes of a record header: type, version, length. */
    static final int HEADER = 5;
    static final int CHANGE_CIPHER_SPEC = 20;
    static final int ALERT = 21;
    static final int HANDSHAKE = 22;
    static final int APPLICATION_DATA = 23;
    /** The largest record on the wire. */
    static final int MAX_RECORD = HEADER + RecordProtection.MAX_FRAGMENT;
    /** The largest handshake message accepted: certificate lists are the long ones. */
    static final int MAX_HANDSHAKE_MESSAGE = 1 << 17;
    /** Records in a row that may carry nothing (empty data, warnings): a peer could send them without end. */
    private static final int MAX_EMPTY_RECORDS = 32;

    /** A record waiting to be written, the protection to switch to after it, and whether it is the connection's last. */
    private record Outbound(int type, byte[] payload, RecordProtection switchTo, boolean last) {
    }

    /** A record's header, as read. */
    record Header(int type, int version, int length) {
    }

    /** How far this side's writing has come: open, its last record queued, or ended. */
    private enum Writing { OPEN, LAST_QUEUED, ENDED }

    private final ArrayDeque<Outbound> outbound = new ArrayDeque<>();
    private RecordProtection read = RecordProtection.NONE;
    private RecordProtection write = RecordProtection.NONE;
    private byte[] handshakeInput = new byte[0];
    private int handshakeInputLength;
    private int emptyRecords;
    private boolean recordReceived;
    private boolean readingEnded;
    private Writing writing = Writing.OPEN;

    // ---- writing

    /** Queues a handshake message, in records of its own. */
    void queueHandshake(byte[] message) {
        for (int at = 0; at < message.length; at += RecordProtection.MAX_PLAINTEXT) {
            int end = Math.min(message.length, at + RecordProtection.MAX_PLAINTEXT);
            queue(new Outbound(HANDSHAKE, Arrays.copyOfRange(message, at, end), null, false));
        }
    }

    /** Queues ChangeCipherSpec; the records after it are protected by {@code next}. */
    void queueChangeCipherSpec(RecordProtection next) {
        queue(new Outbound(CHANGE_CIPHER_SPEC, new byte[] {1}, next, false));
    }

    /** Queues an alert; a {@code last} one ends what this side writes. */
    void queueAlert(int level, int description, boolean last) {
        queue(new Outbound(ALERT, new byte[] {(byte) level, (byte) description}, null, last));
    }

    /**
     * Queues a record, unless the last record is already queued or written: a handshake that goes
     * on after this side's close_notify writes nothing more (and a key switch it brings is destroyed).
     */
    private void queue(Outbound record) {
        if (writing != Writing.OPEN) {
            if (record.switchTo() != null) {
                record.switchTo().destroy();
            }
            return;
        }
        outbound.add(record);
        if (record.last()) {
            writing = Writing.LAST_QUEUED;
        }
    }

    boolean hasOutbound() {
        return !outbound.isEmpty();
    }

    /** Bytes the next queued record takes on the wire; call only when {@link #hasOutbound}. */
    int nextRecordSize() {
        return HEADER + write.sealedLength(outbound.getFirst().payload().length);
    }

    /**
     * Writes the next queued record to {@code dst}, which has room for {@link #nextRecordSize},
     * and switches the write keys after a ChangeCipherSpec; after the last record, writing ends.
     */
    void writeNext(ByteBuffer dst) throws TlcpAlertException {
        Outbound next = outbound.peek();
        writeRecord(next.type(), next.payload(), next.payload().length, dst);
        outbound.poll(); // after the seal: a record that fails stays queued, its keys for clearOutbound to destroy
        if (next.switchTo() != null) {
            write.destroy();
            write = next.switchTo();
        }
        if (next.last()) {
            endWriting();
        }
    }

    /** Bytes a record of {@code plaintextLength} bytes of application data takes on the wire. */
    int applicationRecordSize(int plaintextLength) {
        return HEADER + write.sealedLength(plaintextLength);
    }

    /**
     * Writes {@code records} records of application data, record i carrying the next
     * {@code lengths[i]} bytes of {@code srcs[offset, offset + count)}, to {@code dst}, which has
     * room for their {@link #applicationRecordSize}s. Several records are sealed together
     * ({@link RecordProtection#sealAll}: CBC records side by side).
     */
    void writeApplicationData(ByteBuffer[] srcs, int offset, int count, int[] lengths, int records, ByteBuffer dst)
            throws TlcpAlertException {
        int length = 0;
        int size = 0;
        for (int r = 0; r < records; r++) {
            length += lengths[r];
            size += applicationRecordSize(lengths[r]);
        }
        byte[] plaintext = new byte[length];
        byte[] wire = new byte[size];
        boolean sealed = false;
        try {
            int filled = 0;
            for (int i = offset; i < offset + count && filled < length; i++) {
                int take = Math.min(srcs[i].remaining(), length - filled);
                srcs[i].get(plaintext, filled, take);
                filled += take;
            }
            write.sealAll(APPLICATION_DATA, plaintext, 0, lengths, records, wire, 0, HEADER);
            sealed = true;
        } finally {
            Arrays.fill(plaintext, (byte) 0);
            if (!sealed) {
                Arrays.fill(wire, (byte) 0); // it may hold plaintext
            }
        }
        for (int r = 0, at = 0; r < records; r++) {
            int fragment = write.sealedLength(lengths[r]);
            writeHeader(wire, at, APPLICATION_DATA, fragment);
            at += HEADER + fragment;
        }
        dst.put(wire);
    }

    private void writeRecord(int type, byte[] payload, int length, ByteBuffer dst) throws TlcpAlertException {
        byte[] record = new byte[HEADER + write.sealedLength(length)];
        int sealed = write.seal(type, payload, 0, length, record, HEADER);
        writeHeader(record, 0, type, sealed);
        dst.put(record, 0, HEADER + sealed);
    }

    private static void writeHeader(byte[] record, int at, int type, int fragmentLength) {
        record[at] = (byte) type;
        record[at + 1] = (byte) (TlcpHandshake.VERSION >>> 8);
        record[at + 2] = (byte) TlcpHandshake.VERSION;
        record[at + 3] = (byte) (fragmentLength >>> 8);
        record[at + 4] = (byte) fragmentLength;
    }

    /** Whether the last record is queued or written: nothing more may be queued after it. */
    boolean lastQueued() {
        return writing != Writing.OPEN;
    }

    /** Whether writing has ended (the last record is out, or nothing more can be written). */
    boolean writingEnded() {
        return writing == Writing.ENDED;
    }

    /** Ends writing: what is queued is dropped and the write keys destroyed. */
    void endWriting() {
        clearOutbound();
        writing = Writing.ENDED;
        write.destroy();
    }

    /**
     * Drops what is queued, destroying the keys of a ChangeCipherSpec not yet sent; a last record
     * dropped unsent may be queued again (a fatal alert in place of close_notify).
     */
    void clearOutbound() {
        for (Outbound pending : outbound) {
            if (pending.switchTo() != null) {
                pending.switchTo().destroy();
            }
        }
        outbound.clear();
        if (writing == Writing.LAST_QUEUED) {
            writing = Writing.OPEN;
        }
    }

    // ---- reading

    /** The header at {@code src}'s position, without consuming it; null when fewer than five bytes are there. */
    static Header peekHeader(ByteBuffer src) {
        if (src.remaining() < HEADER) {
            return null;
        }
        int at = src.position();
        return new Header(src.get(at) & 0xff, ((src.get(at + 1) & 0xff) << 8) | (src.get(at + 2) & 0xff),
                ((src.get(at + 3) & 0xff) << 8) | (src.get(at + 4) & 0xff));
    }

    /**
     * Checks a header: a known type, version 0x0101, a length within the limit.
     *
     * @param clientMode whether this side is the client, for naming a server that answers in TLS
     */
    void checkHeader(Header header, boolean clientMode) throws TlcpAlertException {
        if (header.type() < CHANGE_CIPHER_SPEC || header.type() > APPLICATION_DATA) {
            throw new TlcpAlertException(TlcpAlert.UNEXPECTED_MESSAGE, "a record of unknown type");
        }
        if (header.version() != TlcpHandshake.VERSION) {
            boolean tlsAnswer = clientMode && !recordReceived && (header.version() >>> 8) == 3;
            throw new TlcpAlertException(TlcpAlert.PROTOCOL_VERSION, tlsAnswer
                    ? "the server answered in " + TlcpHandshake.versionName(header.version())
                            + ", not TLCP 1.1 (0x0101): it does not speak TLCP"
                    : "a record of " + TlcpHandshake.versionName(header.version()) + "; TLCP 1.1 is 0x0101");
        }
        if (header.length() > RecordProtection.MAX_FRAGMENT) {
            throw new TlcpAlertException(TlcpAlert.RECORD_OVERFLOW, "a record longer than " + RecordProtection.MAX_FRAGMENT + " bytes");
        }
    }

    /** Consumes a whole record of {@code header} from {@code src}; returns its fragment. */
    byte[] take(ByteBuffer src, Header header) {
        recordReceived = true;
        byte[] fragment = new byte[header.length()];
        src.position(src.position() + HEADER);
        src.get(fragment);
        return fragment;
    }

    /** Whether a record has been received (a client whose first answer is not TLCP is named as such). */
    boolean recordReceived() {
        return recordReceived;
    }

    /** Checks and decrypts a fragment in place under the read keys; returns the plaintext's length. */
    int open(int type, byte[] fragment) throws TlcpAlertException {
        if (readingEnded) {
            throw new IllegalStateException("reading has ended"); // the engine checks first: a guard in depth
        }
        return read.open(type, fragment, 0, fragment.length, fragment, 0);
    }

    /** The peer's ChangeCipherSpec: its records are read under {@code next} from now on. */
    void switchReadKeys(RecordProtection next) {
        read.destroy();
        read = next;
    }

    /** Whether a handshake message is partly received: a ChangeCipherSpec may not come now. */
    boolean midHandshakeMessage() {
        return handshakeInputLength != 0;
    }

    /** Adds a handshake record's plaintext to the messages being reassembled. */
    void addHandshake(byte[] fragment, int length) throws TlcpAlertException {
        if (length == 0) {
            throw new TlcpAlertException(TlcpAlert.UNEXPECTED_MESSAGE, "an empty handshake record");
        }
        if (handshakeInputLength + length > handshakeInput.length) {
            handshakeInput = Arrays.copyOf(handshakeInput, Math.max(handshakeInputLength + length, 2 * handshakeInput.length));
        }
        System.arraycopy(fragment, 0, handshakeInput, handshakeInputLength, length);
        handshakeInputLength += length;
    }

    /** The next whole handshake message (its four-byte header included), or null until one is complete. */
    byte[] nextHandshakeMessage() throws TlcpAlertException {
        if (handshakeInputLength < 4) {
            return null;
        }
        int type = handshakeInput[0] & 0xff;
        int bodyLength = ((handshakeInput[1] & 0xff) << 16) | ((handshakeInput[2] & 0xff) << 8) | (handshakeInput[3] & 0xff);
        if (bodyLength > MAX_HANDSHAKE_MESSAGE) {
            throw new TlcpAlertException(TlcpAlert.DECODE_ERROR, HandshakeType.nameOf(type) + " longer than the limit of "
                    + MAX_HANDSHAKE_MESSAGE + " bytes");
        }
        if (handshakeInputLength < 4 + bodyLength) {
            return null;
        }
        byte[] message = Arrays.copyOf(handshakeInput, 4 + bodyLength);
        System.arraycopy(handshakeInput, 4 + bodyLength, handshakeInput, 0, handshakeInputLength - 4 - bodyLength);
        handshakeInputLength -= 4 + bodyLength;
        return message;
    }

    /** Counts a record that carried nothing (or resets the count); too many in a row is a fault. */
    void countEmpty(boolean empty) throws TlcpAlertException {
        emptyRecords = empty ? emptyRecords + 1 : 0;
        if (emptyRecords > MAX_EMPTY_RECORDS) {
            throw new TlcpAlertException(TlcpAlert.UNEXPECTED_MESSAGE, "more than " + MAX_EMPTY_RECORDS
                    + " records in a row without data");
        }
    }

    /** Whether reading has ended (the peer's close_notify, a fault, or the application's closeInbound). */
    boolean readingEnded() {
        return readingEnded;
    }

    /** Ends reading and destroys the read keys (a fatal alert still goes out under the write keys). */
    void endReading() {
        readingEnded = true;
        read.destroy();
        read = RecordProtection.NONE;
    }
}
