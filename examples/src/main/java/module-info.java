/** The sample application, as a module. */
module org.shangmi.example {
    requires org.shangmi.provider; // and, through it, core's kdf package (Hkdf)

    // it looks the provider up through ServiceLoader, as the JDK does for java.security entries
    uses java.security.Provider;
}
