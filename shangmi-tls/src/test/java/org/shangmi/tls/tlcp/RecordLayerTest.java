package org.shangmi.tls.tlcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The record layer's two directions: what may be queued, written and opened once a direction has
 * ended, and when each direction's keys are destroyed. The records are in the clear here (no keys
 * before the first ChangeCipherSpec), so the bytes written can be read back as they are.
 */
class RecordLayerTest {

    /** Records in the clear (as {@link RecordProtection#NONE}) that say when they are destroyed. */
    private static final class Watched implements RecordProtection {
        boolean destroyed;

        @Override
        public int sealedLength(int plaintextLength) {
            return NONE.sealedLength(plaintextLength);
        }

        @Override
        public int seal(int contentType, byte[] plaintext, int off, int len, byte[] out, int outOff) throws TlcpAlertException {
            return NONE.seal(contentType, plaintext, off, len, out, outOff);
        }

        @Override
        public int open(int contentType, byte[] fragment, int off, int len, byte[] out, int outOff) throws TlcpAlertException {
            return NONE.open(contentType, fragment, off, len, out, outOff);
        }

        @Override
        public void destroy() {
            destroyed = true;
        }
    }

    private static byte[] writeNext(RecordLayer records) throws TlcpAlertException {
        ByteBuffer out = ByteBuffer.allocate(records.nextRecordSize());
        records.writeNext(out);
        return out.array();
    }

    @Test
    void nothingIsQueuedAfterTheLastRecordIsWritten() throws Exception {
        RecordLayer records = new RecordLayer();
        records.queueAlert(TlcpAlert.WARNING, TlcpAlert.CLOSE_NOTIFY, true);
        assertTrue(records.lastQueued());
        assertFalse(records.writingEnded());
        assertArrayEquals(new byte[] {RecordLayer.ALERT, 1, 1, 0, 2, TlcpAlert.WARNING, TlcpAlert.CLOSE_NOTIFY}, writeNext(records));
        assertTrue(records.writingEnded());

        // a handshake going on after close_notify: its messages and its key switch go nowhere
        Watched next = new Watched();
        records.queueHandshake(new byte[] {(byte) TlcpHandshake.FINISHED, 0, 0, 0});
        records.queueChangeCipherSpec(next);
        records.queueAlert(TlcpAlert.WARNING, TlcpAlert.NO_RENEGOTIATION, false);
        assertFalse(records.hasOutbound());
        assertTrue(next.destroyed, "the keys of a ChangeCipherSpec that is never sent");
    }

    @Test
    void recordsQueuedBehindTheLastRecordAreDroppedWithIt() throws Exception {
        RecordLayer records = new RecordLayer();
        records.queueAlert(TlcpAlert.WARNING, TlcpAlert.CLOSE_NOTIFY, true);
        Watched next = new Watched();
        records.queueChangeCipherSpec(next);
        assertTrue(next.destroyed);
        writeNext(records);
        assertFalse(records.hasOutbound());
    }

    @Test
    void aFatalAlertTakesThePlaceOfAnUnsentCloseNotify() throws Exception {
        RecordLayer records = new RecordLayer();
        records.queueAlert(TlcpAlert.WARNING, TlcpAlert.CLOSE_NOTIFY, true);
        records.clearOutbound();
        assertFalse(records.lastQueued());
        records.queueAlert(TlcpAlert.FATAL, TlcpAlert.DECODE_ERROR, true);
        assertArrayEquals(new byte[] {RecordLayer.ALERT, 1, 1, 0, 2, TlcpAlert.FATAL, TlcpAlert.DECODE_ERROR}, writeNext(records));
        assertTrue(records.writingEnded());
    }

    @Test
    void endingWritingDestroysTheWriteKeysAndAnUnsentSwitch() throws Exception {
        RecordLayer records = new RecordLayer();
        Watched current = new Watched();
        Watched pending = new Watched();
        records.queueChangeCipherSpec(current);
        writeNext(records);
        records.queueChangeCipherSpec(pending);
        assertFalse(current.destroyed);
        records.endWriting();
        assertTrue(current.destroyed);
        assertTrue(pending.destroyed);
        assertTrue(records.writingEnded());
        assertFalse(records.hasOutbound());
    }

    @Test
    void endingReadingDestroysTheReadKeysAndNothingIsOpenedAfter() throws Exception {
        RecordLayer records = new RecordLayer();
        Watched read = new Watched();
        records.switchReadKeys(read);
        byte[] fragment = {1, 2, 3};
        assertEquals(3, records.open(RecordLayer.APPLICATION_DATA, fragment));
        records.endReading();
        assertTrue(read.destroyed);
        assertTrue(records.readingEnded());
        assertThrows(IllegalStateException.class, () -> records.open(RecordLayer.APPLICATION_DATA, Arrays.copyOf(fragment, 3)));
        assertFalse(records.writingEnded(), "the other direction stays open: a fatal alert still goes out");
    }
}
