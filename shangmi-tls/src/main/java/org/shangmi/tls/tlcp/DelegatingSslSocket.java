package org.shangmi.tls.tlcp;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.util.List;
import java.util.function.BiFunction;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;

/**
 * What an {@link SSLSocket} over an {@link SSLEngine} and a plain socket passes on unchanged: the
 * engine's settings to the engine, the socket's addresses and options to the transport; and
 * what an SSL socket refuses (urgent data, half-closing). {@link EngineSocket} holds only what
 * differs: the records, the handshake, closing.
 */
abstract class DelegatingSslSocket extends SSLSocket {

    /** The plain socket the records travel on. */
    final Socket transport;
    /** The engine that makes and reads the records. */
    final SSLEngine engine;

    DelegatingSslSocket(Socket transport, SSLEngine engine) {
        this.transport = transport;
        this.engine = engine;
    }

    @Override
    public String[] getSupportedCipherSuites() {
        return engine.getSupportedCipherSuites();
    }

    @Override
    public String[] getEnabledCipherSuites() {
        return engine.getEnabledCipherSuites();
    }

    @Override
    public void setEnabledCipherSuites(String[] suites) {
        engine.setEnabledCipherSuites(suites);
    }

    @Override
    public String[] getSupportedProtocols() {
        return engine.getSupportedProtocols();
    }

    @Override
    public String[] getEnabledProtocols() {
        return engine.getEnabledProtocols();
    }

    @Override
    public void setEnabledProtocols(String[] protocols) {
        engine.setEnabledProtocols(protocols);
    }

    @Override
    public SSLSession getHandshakeSession() {
        return engine.getHandshakeSession();
    }

    @Override
    public void setUseClientMode(boolean mode) {
        engine.setUseClientMode(mode);
    }

    @Override
    public boolean getUseClientMode() {
        return engine.getUseClientMode();
    }

    @Override
    public void setNeedClientAuth(boolean need) {
        engine.setNeedClientAuth(need);
    }

    @Override
    public boolean getNeedClientAuth() {
        return engine.getNeedClientAuth();
    }

    @Override
    public void setWantClientAuth(boolean want) {
        engine.setWantClientAuth(want);
    }

    @Override
    public boolean getWantClientAuth() {
        return engine.getWantClientAuth();
    }

    @Override
    public void setEnableSessionCreation(boolean flag) {
        engine.setEnableSessionCreation(flag);
    }

    @Override
    public boolean getEnableSessionCreation() {
        return engine.getEnableSessionCreation();
    }

    @Override
    public SSLParameters getSSLParameters() {
        return engine.getSSLParameters();
    }

    @Override
    public void setSSLParameters(SSLParameters parameters) {
        engine.setSSLParameters(parameters);
    }

    @Override
    public String getApplicationProtocol() {
        return engine.getApplicationProtocol();
    }

    @Override
    public String getHandshakeApplicationProtocol() {
        return engine.getHandshakeApplicationProtocol();
    }

    @Override
    public void setHandshakeApplicationProtocolSelector(BiFunction<SSLSocket, List<String>, String> selector) {
        engine.setHandshakeApplicationProtocolSelector(selector == null ? null : (e, protocols) -> selector.apply(this, protocols));
    }

    // ---- the transport

    @Override
    public void connect(SocketAddress endpoint, int timeout) throws IOException {
        transport.connect(endpoint, timeout);
    }

    @Override
    public void connect(SocketAddress endpoint) throws IOException {
        transport.connect(endpoint);
    }

    @Override
    public void bind(SocketAddress local) throws IOException {
        transport.bind(local);
    }

    @Override
    public InetAddress getInetAddress() {
        return transport.getInetAddress();
    }

    @Override
    public InetAddress getLocalAddress() {
        return transport.getLocalAddress();
    }

    @Override
    public int getPort() {
        return transport.getPort();
    }

    @Override
    public int getLocalPort() {
        return transport.getLocalPort();
    }

    @Override
    public SocketAddress getRemoteSocketAddress() {
        return transport.getRemoteSocketAddress();
    }

    @Override
    public SocketAddress getLocalSocketAddress() {
        return transport.getLocalSocketAddress();
    }

    @Override
    public void setTcpNoDelay(boolean on) throws SocketException {
        transport.setTcpNoDelay(on);
    }

    @Override
    public boolean getTcpNoDelay() throws SocketException {
        return transport.getTcpNoDelay();
    }

    @Override
    public void setSoLinger(boolean on, int linger) throws SocketException {
        transport.setSoLinger(on, linger);
    }

    @Override
    public int getSoLinger() throws SocketException {
        return transport.getSoLinger();
    }

    @Override
    public void setSoTimeout(int timeout) throws SocketException {
        transport.setSoTimeout(timeout);
    }

    @Override
    public int getSoTimeout() throws SocketException {
        return transport.getSoTimeout();
    }

    @Override
    public void setKeepAlive(boolean on) throws SocketException {
        transport.setKeepAlive(on);
    }

    @Override
    public boolean getKeepAlive() throws SocketException {
        return transport.getKeepAlive();
    }

    @Override
    public void setSendBufferSize(int size) throws SocketException {
        transport.setSendBufferSize(size);
    }

    @Override
    public int getSendBufferSize() throws SocketException {
        return transport.getSendBufferSize();
    }

    @Override
    public void setReceiveBufferSize(int size) throws SocketException {
        transport.setReceiveBufferSize(size);
    }

    @Override
    public int getReceiveBufferSize() throws SocketException {
        return transport.getReceiveBufferSize();
    }

    @Override
    public void setTrafficClass(int trafficClass) throws SocketException {
        transport.setTrafficClass(trafficClass);
    }

    @Override
    public int getTrafficClass() throws SocketException {
        return transport.getTrafficClass();
    }

    @Override
    public void setReuseAddress(boolean on) throws SocketException {
        transport.setReuseAddress(on);
    }

    @Override
    public boolean getReuseAddress() throws SocketException {
        return transport.getReuseAddress();
    }

    @Override
    public void setPerformancePreferences(int connectionTime, int latency, int bandwidth) {
        transport.setPerformancePreferences(connectionTime, latency, bandwidth);
    }

    @Override
    public <T> Socket setOption(java.net.SocketOption<T> name, T value) throws IOException {
        transport.setOption(name, value);
        return this;
    }

    @Override
    public <T> T getOption(java.net.SocketOption<T> name) throws IOException {
        return transport.getOption(name);
    }

    @Override
    public java.util.Set<java.net.SocketOption<?>> supportedOptions() {
        return transport.supportedOptions();
    }

    /** Urgent data would bypass the records: refused, as SSL sockets do. */
    @Override
    public void sendUrgentData(int data) throws IOException {
        throw new SocketException("urgent data is not supported on an SSL socket");
    }

    @Override
    public void setOOBInline(boolean on) throws SocketException {
        throw new SocketException("urgent data is not supported on an SSL socket");
    }

    @Override
    public boolean getOOBInline() throws SocketException {
        return false;
    }

    @Override
    public void shutdownInput() throws IOException {
        throw new UnsupportedOperationException("an SSL socket cannot half-close its input");
    }

    @Override
    public void shutdownOutput() throws IOException {
        throw new UnsupportedOperationException("an SSL socket cannot half-close its output");
    }

    @Override
    public boolean isConnected() {
        return transport.isConnected();
    }

    @Override
    public boolean isBound() {
        return transport.isBound();
    }

    @Override
    public boolean isInputShutdown() {
        return transport.isInputShutdown();
    }

    @Override
    public boolean isOutputShutdown() {
        return transport.isOutputShutdown();
    }
}
