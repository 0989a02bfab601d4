package org.shangmi.bench;

import java.nio.ByteBuffer;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;

/**
 * Two SSLEngines joined in memory, for the TLS and TLCP benchmarks: JDK 17 APIs only, so that
 * {@link TlcpBench} also runs on JDK 17 ({@code bin/bench --jdk17}).
 */
final class EnginePairs {

    private EnginePairs() {
    }

    /** Runs a handshake between two engines in memory to its end. */
    static void handshake(SSLEngine client, SSLEngine server) throws Exception {
        int packet = Math.max(client.getSession().getPacketBufferSize(), server.getSession().getPacketBufferSize());
        int application = Math.max(client.getSession().getApplicationBufferSize(), server.getSession().getApplicationBufferSize());
        ByteBuffer toServer = ByteBuffer.allocate(4 * packet);
        ByteBuffer toClient = ByteBuffer.allocate(4 * packet);
        ByteBuffer clientIn = ByteBuffer.allocate(4 * application);
        ByteBuffer serverIn = ByteBuffer.allocate(4 * application);
        ByteBuffer empty = ByteBuffer.allocate(0);
        client.beginHandshake();
        server.beginHandshake();
        for (int step = 0; step < 100; step++) {
            step(client, toServer, toClient, clientIn, empty);
            step(server, toClient, toServer, serverIn, empty);
            if (done(client) && done(server)) {
                return;
            }
        }
        throw new IllegalStateException("no handshake: " + client.getHandshakeStatus() + " / " + server.getHandshakeStatus());
    }

    private static boolean done(SSLEngine engine) {
        HandshakeStatus status = engine.getHandshakeStatus();
        return status == HandshakeStatus.NOT_HANDSHAKING || status == HandshakeStatus.FINISHED;
    }

    private static void step(SSLEngine engine, ByteBuffer out, ByteBuffer in, ByteBuffer application, ByteBuffer data)
            throws Exception {
        Runnable task;
        while ((task = engine.getDelegatedTask()) != null) {
            task.run();
        }
        engine.wrap(data, out);
        in.flip();
        SSLEngineResult result;
        do {
            result = engine.unwrap(in, application);
            while ((task = engine.getDelegatedTask()) != null) {
                task.run();
            }
        } while (result.getStatus() == SSLEngineResult.Status.OK && result.bytesConsumed() > 0 && in.hasRemaining());
        in.compact();
        if (result.getStatus() == SSLEngineResult.Status.CLOSED) {
            throw new IllegalStateException("engine closed during the handshake");
        }
    }
}
