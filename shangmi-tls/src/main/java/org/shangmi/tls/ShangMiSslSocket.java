package org.shangmi.tls;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.SocketOption;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import javax.net.ssl.HandshakeCompletedEvent;
import javax.net.ssl.HandshakeCompletedListener;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;
import org.bouncycastle.jsse.BCApplicationProtocolSelector;
import org.bouncycastle.jsse.BCExtendedSSLSession;
import org.bouncycastle.jsse.BCSSLConnection;
import org.bouncycastle.jsse.BCSSLParameters;
import org.bouncycastle.jsse.BCSSLSocket;

/**
 * Bouncy Castle's socket, whose failures name their reason in their own message
 * ({@link FailureReasons}) as the engines' do: Bouncy Castle's socket throws its alert
 * ({@code certificate_unknown(46)}) with the trust manager's reason several causes down. Its
 * handshake listeners see this socket; in an SM-only context its settings refuse other suites and
 * protocols at once, as the engines' do. Everything else is the wrapped socket's (key and trust
 * managers and protocol selectors see Bouncy Castle's socket).
 */
final class ShangMiSslSocket extends SSLSocket implements BCSSLSocket {

    private final SSLSocket socket;
    private final BCSSLSocket bc;
    private final ShangMiDefaults defaults;
    private final Map<HandshakeCompletedListener, HandshakeCompletedListener> listeners = new ConcurrentHashMap<>();

    ShangMiSslSocket(SSLSocket socket, ShangMiDefaults defaults) {
        this.socket = socket;
        this.bc = (BCSSLSocket) socket;
        this.defaults = defaults;
    }

    /** The failure with its reason in front: an {@code SSLException} as the engines explain it, Bouncy Castle's bare alerts too. */
    private IOException explained(IOException failure) {
        if (failure instanceof SSLException ssl) {
            return FailureReasons.explain(ssl, defaults.isSmOnly());
        }
        if (failure instanceof SocketException) {
            return failure;
        }
        SSLHandshakeException wrapped = new SSLHandshakeException(String.valueOf(failure.getMessage()));
        wrapped.initCause(failure);
        SSLException explained = FailureReasons.explain(wrapped, defaults.isSmOnly());
        return explained == wrapped ? failure : explained;
    }

    @Override
    public void startHandshake() throws IOException {
        try {
            socket.startHandshake();
        } catch (IOException e) {
            throw explained(e);
        }
    }

    @Override
    public InputStream getInputStream() throws IOException {
        InputStream in = socket.getInputStream();
        return new InputStream() {
            @Override
            public int read() throws IOException {
                try {
                    return in.read();
                } catch (IOException e) {
                    throw explained(e);
                }
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                try {
                    return in.read(b, off, len);
                } catch (IOException e) {
                    throw explained(e);
                }
            }

            @Override
            public int available() throws IOException {
                return in.available();
            }

            @Override
            public void close() throws IOException {
                in.close();
            }
        };
    }

    @Override
    public OutputStream getOutputStream() throws IOException {
        OutputStream out = socket.getOutputStream();
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                try {
                    out.write(b);
                } catch (IOException e) {
                    throw explained(e);
                }
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                try {
                    out.write(b, off, len);
                } catch (IOException e) {
                    throw explained(e);
                }
            }

            @Override
            public void flush() throws IOException {
                try {
                    out.flush();
                } catch (IOException e) {
                    throw explained(e);
                }
            }

            @Override
            public void close() throws IOException {
                out.close();
            }
        };
    }

    @Override
    public void addHandshakeCompletedListener(HandshakeCompletedListener listener) {
        if (listener == null) {
            throw new IllegalArgumentException("listener is null");
        }
        HandshakeCompletedListener forwarding = event -> listener.handshakeCompleted(new HandshakeCompletedEvent(this, event.getSession()));
        if (listeners.putIfAbsent(listener, forwarding) == null) {
            socket.addHandshakeCompletedListener(forwarding);
        }
    }

    @Override
    public void removeHandshakeCompletedListener(HandshakeCompletedListener listener) {
        HandshakeCompletedListener forwarding = listeners.remove(listener);
        if (forwarding == null) {
            throw new IllegalArgumentException("listener not registered");
        }
        socket.removeHandshakeCompletedListener(forwarding);
    }

    // ---- the wrapped socket's, as they are

    @Override
    public String[] getSupportedCipherSuites() {
        return socket.getSupportedCipherSuites();
    }

    @Override
    public String[] getEnabledCipherSuites() {
        return socket.getEnabledCipherSuites();
    }

    @Override
    public void setEnabledCipherSuites(String[] suites) {
        defaults.checkSmOnly(suites, null);
        socket.setEnabledCipherSuites(suites);
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
        defaults.checkSmOnly(null, protocols);
        socket.setEnabledProtocols(protocols);
    }

    @Override
    public SSLSession getSession() {
        return socket.getSession();
    }

    @Override
    public SSLSession getHandshakeSession() {
        return socket.getHandshakeSession();
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
        defaults.checkSmOnly(parameters.getCipherSuites(), parameters.getProtocols());
        socket.setSSLParameters(parameters);
        // groups and schemes left unset mean ShangMiTLS's lists, as on an engine, not Bouncy Castle's
        bc.setParameters(defaults.restoreUnset(bc.getParameters(), parameters, socket.getUseClientMode()));
    }

    @Override
    public String getApplicationProtocol() {
        return socket.getApplicationProtocol();
    }

    @Override
    public String getHandshakeApplicationProtocol() {
        return socket.getHandshakeApplicationProtocol();
    }

    @Override
    public void setHandshakeApplicationProtocolSelector(BiFunction<SSLSocket, List<String>, String> selector) {
        socket.setHandshakeApplicationProtocolSelector(selector);
    }

    @Override
    public BiFunction<SSLSocket, List<String>, String> getHandshakeApplicationProtocolSelector() {
        return socket.getHandshakeApplicationProtocolSelector();
    }

    @Override
    public void connect(String host, int port, int timeout) throws IOException {
        bc.connect(host, port, timeout);
    }

    @Override
    public BCApplicationProtocolSelector<SSLSocket> getBCHandshakeApplicationProtocolSelector() {
        return bc.getBCHandshakeApplicationProtocolSelector();
    }

    @Override
    public void setBCHandshakeApplicationProtocolSelector(BCApplicationProtocolSelector<SSLSocket> selector) {
        bc.setBCHandshakeApplicationProtocolSelector(selector);
    }

    @Override
    public void setBCSessionToResume(BCExtendedSSLSession session) {
        bc.setBCSessionToResume(session);
    }

    @Override
    public BCExtendedSSLSession getBCHandshakeSession() {
        return bc.getBCHandshakeSession();
    }

    @Override
    public BCExtendedSSLSession getBCSession() {
        return bc.getBCSession();
    }

    @Override
    public BCSSLConnection getConnection() {
        return bc.getConnection();
    }

    @Override
    public BCSSLParameters getParameters() {
        return bc.getParameters();
    }

    @Override
    public void setHost(String host) {
        bc.setHost(host);
    }

    @Override
    public void setParameters(BCSSLParameters parameters) {
        defaults.checkSmOnly(parameters.getCipherSuites(), parameters.getProtocols());
        bc.setParameters(parameters);
    }

    @Override
    public void connect(SocketAddress endpoint) throws IOException {
        socket.connect(endpoint);
    }

    @Override
    public void connect(SocketAddress endpoint, int timeout) throws IOException {
        socket.connect(endpoint, timeout);
    }

    @Override
    public void bind(SocketAddress local) throws IOException {
        socket.bind(local);
    }

    @Override
    public InetAddress getInetAddress() {
        return socket.getInetAddress();
    }

    @Override
    public InetAddress getLocalAddress() {
        return socket.getLocalAddress();
    }

    @Override
    public int getPort() {
        return socket.getPort();
    }

    @Override
    public int getLocalPort() {
        return socket.getLocalPort();
    }

    @Override
    public SocketAddress getRemoteSocketAddress() {
        return socket.getRemoteSocketAddress();
    }

    @Override
    public SocketAddress getLocalSocketAddress() {
        return socket.getLocalSocketAddress();
    }

    @Override
    public SocketChannel getChannel() {
        return socket.getChannel();
    }

    @Override
    public void setTcpNoDelay(boolean on) throws SocketException {
        socket.setTcpNoDelay(on);
    }

    @Override
    public boolean getTcpNoDelay() throws SocketException {
        return socket.getTcpNoDelay();
    }

    @Override
    public void setSoLinger(boolean on, int linger) throws SocketException {
        socket.setSoLinger(on, linger);
    }

    @Override
    public int getSoLinger() throws SocketException {
        return socket.getSoLinger();
    }

    @Override
    public void sendUrgentData(int data) throws IOException {
        socket.sendUrgentData(data);
    }

    @Override
    public void setOOBInline(boolean on) throws SocketException {
        socket.setOOBInline(on);
    }

    @Override
    public boolean getOOBInline() throws SocketException {
        return socket.getOOBInline();
    }

    @Override
    public void setSoTimeout(int timeout) throws SocketException {
        socket.setSoTimeout(timeout);
    }

    @Override
    public int getSoTimeout() throws SocketException {
        return socket.getSoTimeout();
    }

    @Override
    public void setSendBufferSize(int size) throws SocketException {
        socket.setSendBufferSize(size);
    }

    @Override
    public int getSendBufferSize() throws SocketException {
        return socket.getSendBufferSize();
    }

    @Override
    public void setReceiveBufferSize(int size) throws SocketException {
        socket.setReceiveBufferSize(size);
    }

    @Override
    public int getReceiveBufferSize() throws SocketException {
        return socket.getReceiveBufferSize();
    }

    @Override
    public void setKeepAlive(boolean on) throws SocketException {
        socket.setKeepAlive(on);
    }

    @Override
    public boolean getKeepAlive() throws SocketException {
        return socket.getKeepAlive();
    }

    @Override
    public void setTrafficClass(int trafficClass) throws SocketException {
        socket.setTrafficClass(trafficClass);
    }

    @Override
    public int getTrafficClass() throws SocketException {
        return socket.getTrafficClass();
    }

    @Override
    public void setReuseAddress(boolean on) throws SocketException {
        socket.setReuseAddress(on);
    }

    @Override
    public boolean getReuseAddress() throws SocketException {
        return socket.getReuseAddress();
    }

    @Override
    public void setPerformancePreferences(int connectionTime, int latency, int bandwidth) {
        socket.setPerformancePreferences(connectionTime, latency, bandwidth);
    }

    @Override
    public <T> java.net.Socket setOption(SocketOption<T> name, T value) throws IOException {
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
    public void close() throws IOException {
        socket.close();
    }

    @Override
    public void shutdownInput() throws IOException {
        socket.shutdownInput();
    }

    @Override
    public void shutdownOutput() throws IOException {
        socket.shutdownOutput();
    }

    @Override
    public boolean isConnected() {
        return socket.isConnected();
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
    public boolean isInputShutdown() {
        return socket.isInputShutdown();
    }

    @Override
    public boolean isOutputShutdown() {
        return socket.isOutputShutdown();
    }

    @Override
    public String toString() {
        return socket.toString();
    }
}
