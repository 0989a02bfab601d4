package org.shangmi.tls.tlcp;

/**
 * What the CBC and GCM record protections share: one direction (sealing or opening), the 64-bit
 * sequence number that must not wrap, the header both authenticate (seq_num ‖ type ‖ 0x0101 ‖
 * length), and the argument checks.
 */
abstract class SequencedRecordProtection implements RecordProtection {

    /** The one message of every bad_record_mac, so that failures cannot be told apart by it. */
    static final String BAD_RECORD = "the record does not authenticate";
    static final int HEADER_LENGTH = 13;

    private final boolean sealing;
    private long sequence;
    private boolean exhausted;
    private boolean destroyed;

    SequencedRecordProtection(boolean sealing) {
        this.sealing = sealing;
    }

    /** Checks the state and the content type before a record is sealed or opened. */
    final void checkUsable(boolean seal, int contentType) throws TlcpAlertException {
        if (destroyed) {
            throw new IllegalStateException("the record keys have been destroyed");
        }
        if (seal != sealing) {
            throw new IllegalStateException(sealing ? "this object seals records; it cannot open them"
                    : "this object opens records; it cannot seal them");
        }
        if (contentType < 0 || contentType > 255) {
            throw new IllegalArgumentException("a content type is one byte, not " + contentType);
        }
        if (exhausted) {
            throw new TlcpAlertException(TlcpAlert.INTERNAL_ERROR, "the 64-bit record sequence number is spent");
        }
    }

    /** Writes seq_num(8) ‖ type ‖ 0x01 0x01 ‖ length(2) at the start of {@code header}. */
    final void writeHeader(byte[] header, int contentType, int length) {
        long s = sequence;
        for (int i = 7; i >= 0; i--) {
            header[i] = (byte) s;
            s >>>= 8;
        }
        header[8] = (byte) contentType;
        header[9] = 1;
        header[10] = 1;
        header[11] = (byte) (length >>> 8);
        header[12] = (byte) length;
    }

    /** Moves to the next sequence number after a record is sealed or opened. */
    final void advance() {
        if (sequence == -1L) {
            exhausted = true; // 2^64 - 1 was the last number: it must not wrap to 0
        } else {
            sequence++;
        }
    }

    /** Marks this object destroyed; true the first time, when the subclass wipes its keys. */
    final boolean markDestroyed() {
        boolean first = !destroyed;
        destroyed = true;
        return first;
    }

    /** The next record's sequence number (unsigned). */
    final long sequenceNumber() {
        return sequence;
    }

    /** Sets the next record's sequence number (unsigned): tests reach the end without 2^64 records. */
    final void setSequenceNumber(long next) {
        sequence = next;
        exhausted = false;
    }
}
