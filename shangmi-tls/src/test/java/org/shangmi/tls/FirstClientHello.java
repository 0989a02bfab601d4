package org.shangmi.tls;

import java.nio.ByteBuffer;
import java.security.Provider;
import java.security.Security;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import org.shangmi.provider.ShangMiProvider;

/**
 * A program for a JVM of its own (what a fresh application does first): a ShangMiTLS client
 * writes its ClientHello, a ShangMiTLS server reads it; prints the ClientHello's extension types
 * on one line and nothing else of its own.
 */
public final class FirstClientHello {

    static final String PREFIX = "extensions:";

    private FirstClientHello() {
    }

    public static void main(String[] args) throws Exception {
        Security.insertProviderAt(new ShangMiProvider(), 1);
        Provider shangmiTls = new ShangMiTlsProvider();
        SSLContext clientContext = SSLContext.getInstance("TLSv1.3", shangmiTls);
        clientContext.init(null, null, null);
        SSLEngine client = clientContext.createSSLEngine("localhost", 443);
        client.setUseClientMode(true);
        ByteBuffer hello = ByteBuffer.allocate(1 << 16);
        client.wrap(ByteBuffer.allocate(0), hello);
        hello.flip();
        System.out.println(PREFIX + extensionTypes(hello.duplicate()));
        SSLContext serverContext = SSLContext.getInstance("TLSv1.3", shangmiTls);
        serverContext.init(null, null, null);
        SSLEngine server = serverContext.createSSLEngine();
        server.setUseClientMode(false);
        try {
            server.unwrap(hello, ByteBuffer.allocate(1 << 16));
            server.wrap(ByteBuffer.allocate(0), ByteBuffer.allocate(1 << 16));
        } catch (SSLException noKeys) {
            // the server has no key: reading the ClientHello is what counts here
        }
    }

    /** The extension types of a ClientHello record. */
    static List<Integer> extensionTypes(ByteBuffer record) {
        record.position(5 + 4 + 2 + 32); // record header, handshake header, version, random
        record.position(record.position() + 1 + (record.get() & 0xff)); // session ID
        record.position(record.position() + 2 + (record.getShort() & 0xffff)); // cipher suites
        record.position(record.position() + 1 + (record.get() & 0xff)); // compression methods
        int end = record.position() + 2 + (record.getShort() & 0xffff);
        List<Integer> types = new ArrayList<>();
        while (record.position() < end) {
            types.add(record.getShort() & 0xffff);
            record.position(record.position() + 2 + (record.getShort() & 0xffff));
        }
        return types;
    }
}
