package org.shangmi.tls.tlcp;

import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.shangmi.provider.ShangMiProvider;
import org.shangmi.tls.ShangMiTlsProvider;

/**
 * The clients of the idle-memory measurement, in a JVM of their own so that the server's heap
 * holds the server's side alone: opens COUNT TLCP connections to localhost:PORT (each a full
 * handshake, as from as many clients), prints "ready", and keeps them open until standard input
 * ends. Arguments: PORT COUNT ROOT-CERTIFICATE-FILE.
 */
final class IdleTlcpClients {

    private IdleTlcpClients() {
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        int count = Integer.parseInt(args[1]);
        ShangMiProvider.install();
        KeyStore roots = KeyStore.getInstance("PKCS12");
        roots.load(null, null);
        roots.setCertificateEntry("root", CertificateFactory.getInstance("X.509")
                .generateCertificate(new ByteArrayInputStream(Files.readAllBytes(Path.of(args[2])))));
        TrustManagerFactory trust = TrustManagerFactory.getInstance("PKIX");
        trust.init(roots);
        SSLContext context = SSLContext.getInstance("TLCPv1.1", new ShangMiTlsProvider());
        context.init(null, trust.getTrustManagers(), null);
        List<SSLSocket> open = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket("localhost", port);
            socket.startHandshake();
            socket.getSession().invalidate(); // the next connection makes a session of its own
            open.add(socket);
        }
        System.out.println("ready");
        System.out.flush();
        while (System.in.read() >= 0) {
            // until the measuring side closes our input
        }
        for (SSLSocket socket : open) {
            socket.close();
        }
    }
}
