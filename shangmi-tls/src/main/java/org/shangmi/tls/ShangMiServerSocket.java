package org.shangmi.tls;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketOption;
import java.nio.channels.ServerSocketChannel;
import java.util.Set;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLServerSocket;
import org.bouncycastle.jsse.BCSSLSocket;

/**
 * Bouncy Castle's server socket, whose accepted connections get the groups and schemes of
 * {@link ShangMiDefaults} (a server socket has no per-connection parameters of Bouncy Castle's
 * own, and {@code SSLParameters} names groups only from JDK 20) and name the reasons of their
 * failures ({@link ShangMiSslSocket}). Everything else is the wrapped socket's.
 */
final class ShangMiServerSocket extends SSLServerSocket {

    private final SSLServerSocket socket;
    private final ShangMiDefaults defaults;

    ShangMiServerSocket(SSLServerSocket socket, ShangMiDefaults defaults) throws IOException {
        this.socket = socket;
        this.defaults = defaults;
    }

    @Override
    public Socket accept() throws IOException {
        Socket accepted = socket.accept();
        try {
            BCSSLSocket bc = (BCSSLSocket) accepted;
            bc.setParameters(defaults.fillUnset(bc.getParameters(), false));
            return new ShangMiSslSocket((javax.net.ssl.SSLSocket) accepted, defaults);
        } catch (RuntimeException e) {
            accepted.close();
            throw e;
        }
    }

    @Override
    public void bind(SocketAddress endpoint) throws IOException {
        socket.bind(endpoint);
    }

    @Override
    public void bind(SocketAddress endpoint, int backlog) throws IOException {
        socket.bind(endpoint, backlog);
    }

    @Override
    public InetAddress getInetAddress() {
        return socket.getInetAddress();
    }

    @Override
    public int getLocalPort() {
        return socket.getLocalPort();
    }

    @Override
    public SocketAddress getLocalSocketAddress() {
        return socket.getLocalSocketAddress();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    @Override
    public ServerSocketChannel getChannel() {
        return socket.getChannel();
    }

    @Override
    public boolean isBound() {
        return socket.isBound();
    }

    @Override
    public boolean isClosed() {
        return socket.isClosed();
    }

    @Override
    public void setSoTimeout(int timeout) throws java.net.SocketException {
        socket.setSoTimeout(timeout);
    }

    @Override
    public int getSoTimeout() throws IOException {
        return socket.getSoTimeout();
    }

    @Override
    public void setReuseAddress(boolean on) throws java.net.SocketException {
        socket.setReuseAddress(on);
    }

    @Override
    public boolean getReuseAddress() throws java.net.SocketException {
        return socket.getReuseAddress();
    }

    @Override
    public void setReceiveBufferSize(int size) throws java.net.SocketException {
        socket.setReceiveBufferSize(size);
    }

    @Override
    public int getReceiveBufferSize() throws java.net.SocketException {
        return socket.getReceiveBufferSize();
    }

    @Override
    public void setPerformancePreferences(int connectionTime, int latency, int bandwidth) {
        socket.setPerformancePreferences(connectionTime, latency, bandwidth);
    }

    @Override
    public <T> ServerSocket setOption(SocketOption<T> name, T value) throws IOException {
        socket.setOption(name, value);
        return this;
    }

    @Override
    public <T> T getOption(SocketOption<T> name) throws IOException {
        return socket.getOption(name);
    }

    @Override
    public Set<SocketOption<?>> supportedOptions() {
        return socket.supportedOptions();
    }

    @Override
    public String toString() {
        return socket.toString();
    }

    @Override
    public String[] getEnabledCipherSuites() {
        return socket.getEnabledCipherSuites();
    }

    @Override
    public void setEnabledCipherSuites(String[] suites) {
        socket.setEnabledCipherSuites(suites);
    }

    @Override
    public String[] getSupportedCipherSuites() {
        return socket.getSupportedCipherSuites();
    }

    @Override
    public String[] getSupportedProtocols() {
        return socket.getSupportedProtocols();
    }

    @Override
    public String[] getEnabledProtocols() {
        return socket.getEnabledProtocols();
    }

    @Override
    public void setEnabledProtocols(String[] protocols) {
        socket.setEnabledProtocols(protocols);
    }

    @Override
    public void setNeedClientAuth(boolean need) {
        socket.setNeedClientAuth(need);
    }

    @Override
    public boolean getNeedClientAuth() {
        return socket.getNeedClientAuth();
    }

    @Override
    public void setWantClientAuth(boolean want) {
        socket.setWantClientAuth(want);
    }

    @Override
    public boolean getWantClientAuth() {
        return socket.getWantClientAuth();
    }

    @Override
    public void setUseClientMode(boolean mode) {
        socket.setUseClientMode(mode);
    }

    @Override
    public boolean getUseClientMode() {
        return socket.getUseClientMode();
    }

    @Override
    public void setEnableSessionCreation(boolean flag) {
        socket.setEnableSessionCreation(flag);
    }

    @Override
    public boolean getEnableSessionCreation() {
        return socket.getEnableSessionCreation();
    }

    @Override
    public SSLParameters getSSLParameters() {
        return socket.getSSLParameters();
    }

    @Override
    public void setSSLParameters(SSLParameters parameters) {
        socket.setSSLParameters(parameters);
    }
}
