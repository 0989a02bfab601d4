/** TLCP on Netty, as a module. */
module org.shangmi.example.tlcp {
    requires org.shangmi.tls; // and, through it, org.shangmi.provider and Bouncy Castle's TLS engine
    requires java.logging;
    requires io.netty.buffer;
    requires io.netty.codec;
    requires io.netty.common;
    requires io.netty.handler;
    requires io.netty.transport;
}
