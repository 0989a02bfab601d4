/** HTTPS applications over TLS_SM4_GCM_SM3, as a module. */
module org.shangmi.example.tls {
    requires org.shangmi.tls; // and, through it, org.shangmi.provider and Bouncy Castle's TLS engine
    requires java.logging;
    requires java.net.http;
    requires jdk.httpserver;
    requires io.netty.buffer;
    requires io.netty.codec;
    requires io.netty.codec.http;
    requires io.netty.common;
    requires io.netty.handler;
    requires io.netty.transport;
}
