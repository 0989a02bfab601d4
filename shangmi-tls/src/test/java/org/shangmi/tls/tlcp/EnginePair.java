package org.shangmi.tls.tlcp;

import java.nio.ByteBuffer;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;

/**
 * Two engines joined in memory: each one's wrap output is the other's unwrap input. Drives a
 * handshake to its end and carries application data, one record at a time, as a network would.
 */
final class EnginePair {

    final SSLEngine client;
    final SSLEngine server;
    private final ByteBuffer toServer = ByteBuffer.allocate(1 << 17);
    private final ByteBuffer toClient = ByteBuffer.allocate(1 << 17);
    int clientFinished;
    int serverFinished;

    EnginePair(SSLEngine client, SSLEngine server) {
        this.client = client;
        this.server = server;
    }

    /** Runs both sides until neither has anything to do; returns after at most {@code steps} rounds. */
    void handshake() throws SSLException {
        client.beginHandshake();
        server.beginHandshake();
        for (int round = 0; round < 100; round++) {
            boolean progress = step(client, toServer, toClient, true) | step(server, toClient, toServer, false);
            if (!progress && client.getHandshakeStatus() == HandshakeStatus.NOT_HANDSHAKING
                    && server.getHandshakeStatus() == HandshakeStatus.NOT_HANDSHAKING) {
                return;
            }
            if (!progress) {
                throw new IllegalStateException("the handshake stalled: client " + client.getHandshakeStatus()
                        + ", server " + server.getHandshakeStatus());
            }
        }
        throw new IllegalStateException("the handshake did not end in 100 rounds");
    }

    /** One side: wraps everything it has to send, then unwraps everything it has received. */
    private boolean step(SSLEngine engine, ByteBuffer out, ByteBuffer in, boolean isClient) throws SSLException {
        boolean progress = false;
        ByteBuffer empty = ByteBuffer.allocate(0);
        ByteBuffer application = ByteBuffer.allocate(1 << 15);
        while (true) {
            SSLEngineResult result = engine.wrap(empty, out);
            count(result, isClient);
            if (result.bytesProduced() == 0) {
                break;
            }
            progress = true;
        }
        in.flip();
        try {
            while (in.hasRemaining()) {
                SSLEngineResult result = engine.unwrap(in, application);
                count(result, isClient);
                if (result.bytesConsumed() == 0) {
                    break;
                }
                progress = true;
            }
        } finally {
            in.compact();
        }
        return progress;
    }

    private void count(SSLEngineResult result, boolean isClient) {
        if (result.getHandshakeStatus() == HandshakeStatus.FINISHED) {
            if (isClient) {
                clientFinished++;
            } else {
                serverFinished++;
            }
        }
    }

    /** Sends data from one side to the other through records; returns what the receiver read. */
    byte[] send(SSLEngine from, byte[] data) throws SSLException {
        SSLEngine to = from == client ? server : client;
        ByteBuffer wire = from == client ? toServer : toClient;
        ByteBuffer source = ByteBuffer.wrap(data);
        ByteBuffer received = ByteBuffer.allocate(data.length + (1 << 15));
        do {
            int sourceBefore = source.position();
            int wireBefore = wire.position();
            SSLEngineResult result = from.wrap(source, wire);
            if (result.getStatus() != SSLEngineResult.Status.OK) {
                throw new IllegalStateException("wrap: " + result);
            }
            checkCounts("wrap", result, source.position() - sourceBefore, wire.position() - wireBefore);
            wire.flip();
            while (wire.hasRemaining()) {
                int wireAt = wire.position();
                int receivedAt = received.position();
                SSLEngineResult read = to.unwrap(wire, received);
                if (read.getStatus() != SSLEngineResult.Status.OK) {
                    throw new IllegalStateException("unwrap: " + read);
                }
                checkCounts("unwrap", read, wire.position() - wireAt, received.position() - receivedAt);
            }
            wire.clear();
        } while (source.hasRemaining());
        received.flip();
        byte[] out = new byte[received.remaining()];
        received.get(out);
        return out;
    }

    /** The result's byte counts must be what the buffers moved: callers such as Netty's SslHandler go by the counts. */
    private static void checkCounts(String operation, SSLEngineResult result, int consumed, int produced) {
        if (result.bytesConsumed() != consumed || result.bytesProduced() != produced) {
            throw new IllegalStateException(operation + " reported " + result.bytesConsumed() + " bytes consumed and "
                    + result.bytesProduced() + " produced; the buffers moved " + consumed + " and " + produced);
        }
    }

    /** The bytes waiting for the server (records the client wrote and the server has not read). */
    ByteBuffer wireToServer() {
        return toServer;
    }

    ByteBuffer wireToClient() {
        return toClient;
    }
}
