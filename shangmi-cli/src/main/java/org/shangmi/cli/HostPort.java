package org.shangmi.cli;

/** A host and port as openssl's -connect and -accept take them: HOST:PORT, [IPv6]:PORT, or a bare PORT. */
record HostPort(String host, int port) {

    /**
     * @param text HOST:PORT, [ADDRESS]:PORT or, unless {@code hostRequired}, PORT (host null)
     * @throws IllegalArgumentException naming what is wrong
     */
    static HostPort parse(String text, boolean hostRequired) {
        String host = null;
        String port = text;
        if (text.startsWith("[")) {
            int close = text.indexOf("]:");
            if (close < 0) {
                throw new IllegalArgumentException("an IPv6 address goes as [ADDRESS]:PORT: " + text);
            }
            host = text.substring(1, close);
            port = text.substring(close + 2);
        } else {
            int colon = text.lastIndexOf(':');
            if (colon >= 0) {
                host = text.substring(0, colon);
                port = text.substring(colon + 1);
            }
        }
        if (host != null && host.isEmpty()) {
            host = null;
        }
        if (hostRequired && host == null) {
            throw new IllegalArgumentException("HOST:PORT expected, not " + text);
        }
        int number;
        try {
            number = Integer.parseInt(port);
        } catch (NumberFormatException e) {
            number = -1;
        }
        if (number < (hostRequired ? 1 : 0) || number > 65535) {
            throw new IllegalArgumentException("not a port number: " + port);
        }
        return new HostPort(host, number);
    }

    @Override
    public String toString() {
        String shown = host == null ? "" : host.indexOf(':') >= 0 ? "[" + host + "]" : host;
        return shown + ":" + port;
    }
}
