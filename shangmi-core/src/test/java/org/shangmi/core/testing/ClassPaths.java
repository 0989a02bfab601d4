package org.shangmi.core.testing;

import java.net.URI;
import java.net.URL;
import java.nio.file.Paths;

/** Where classes come from, for tests that start a JVM of their own with a chosen class path. */
public final class ClassPaths {

    private ClassPaths() {
    }

    /**
     * The class-path entry (directory or jar) that holds {@code resource}.
     *
     * @throws IllegalArgumentException if no entry holds it
     */
    public static String location(String resource) throws Exception {
        URL url = ClassLoader.getSystemResource(resource);
        if (url == null) {
            throw new IllegalArgumentException(resource + " is not on the class path");
        }
        if (url.getProtocol().equals("jar")) {
            String jar = url.getPath();
            return Paths.get(new URI(jar.substring(0, jar.indexOf("!/")))).toString();
        }
        String file = Paths.get(url.toURI()).toString();
        return file.substring(0, file.length() - resource.length() - 1);
    }
}
