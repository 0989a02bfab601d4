package org.shangmi.tls.tlcp;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/** The records one logger (and those below it) publishes while attached; detached on close. */
final class LogCapture extends Handler implements AutoCloseable {

    private final Logger logger;
    private final List<LogRecord> records = Collections.synchronizedList(new ArrayList<>());

    private LogCapture(Logger logger) {
        this.logger = logger;
        setLevel(Level.ALL);
        logger.addHandler(this);
    }

    /** Captures what {@code name} publishes ("" for every logger through the root). */
    static LogCapture of(String name) {
        return new LogCapture(Logger.getLogger(name));
    }

    List<LogRecord> records() {
        synchronized (records) {
            return List.copyOf(records);
        }
    }

    /** A record in one line: level, logger, message, and the exception if any. */
    static String describe(LogRecord record) {
        return record.getLevel() + " " + record.getLoggerName() + ": " + record.getMessage()
                + (record.getThrown() == null ? "" : " (" + record.getThrown() + ")");
    }

    @Override
    public void publish(LogRecord record) {
        if (isLoggable(record)) {
            records.add(record);
        }
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        logger.removeHandler(this);
    }
}
