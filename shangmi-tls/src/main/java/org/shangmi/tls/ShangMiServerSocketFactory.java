package org.shangmi.tls;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLServerSocketFactory;

/** Bouncy Castle's server socket factory whose server sockets hand out connections with {@link ShangMiDefaults}. */
final class ShangMiServerSocketFactory extends SSLServerSocketFactory {

    private final SSLServerSocketFactory sockets;
    private final ShangMiDefaults defaults;

    ShangMiServerSocketFactory(SSLServerSocketFactory sockets, ShangMiDefaults defaults) {
        this.sockets = sockets;
        this.defaults = defaults;
    }

    @Override
    public String[] getDefaultCipherSuites() {
        return defaults.cipherSuites(false);
    }

    @Override
    public String[] getSupportedCipherSuites() {
        return sockets.getSupportedCipherSuites();
    }

    @Override
    public ServerSocket createServerSocket() throws IOException {
        return wrap(sockets.createServerSocket());
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        return wrap(sockets.createServerSocket(port));
    }

    @Override
    public ServerSocket createServerSocket(int port, int backlog) throws IOException {
        return wrap(sockets.createServerSocket(port, backlog));
    }

    @Override
    public ServerSocket createServerSocket(int port, int backlog, InetAddress address) throws IOException {
        return wrap(sockets.createServerSocket(port, backlog, address));
    }

    private ServerSocket wrap(ServerSocket socket) throws IOException {
        SSLServerSocket server = (SSLServerSocket) socket;
        server.setEnabledCipherSuites(defaults.cipherSuites(false));
        SSLParameters parameters = server.getSSLParameters();
        parameters.setUseCipherSuitesOrder(true); // the server's order decides: the SM suites first
        server.setSSLParameters(parameters);
        return new ShangMiServerSocket(server, defaults);
    }
}
