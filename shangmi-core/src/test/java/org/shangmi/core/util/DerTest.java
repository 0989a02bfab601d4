package org.shangmi.core.util;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.bouncycastle.asn1.ASN1Integer;
import org.bouncycastle.asn1.DEROctetString;
import org.bouncycastle.asn1.DERSequence;
import org.junit.jupiter.api.Test;
import org.shangmi.core.testing.OpenSslCommand;

/** The DER subset against Bouncy Castle's encoder, and the reader's refusals. */
class DerTest {

    private static final HexFormat HEX = HexFormat.of();

    @Test
    void writesWhatBouncyCastleWritesAndReadsItBack() throws Exception {
        Random random = new Random(1);
        for (int length : new int[] {0, 1, 31, 32, 33, 127, 128, 255, 256, 70_000}) {
            byte[] magnitude = new byte[32];
            random.nextBytes(magnitude);
            magnitude[0] = (byte) (length % 2 == 0 ? 0x80 : 0x01); // with and without a sign byte
            byte[] octets = new byte[length];
            random.nextBytes(octets);
            byte[] ours = new Der.Writer().unsignedInteger(magnitude, 0, 32).element(Der.OCTET_STRING, octets)
                    .wrap(Der.SEQUENCE);
            byte[] theirs = new DERSequence(new org.bouncycastle.asn1.ASN1Encodable[] {
                new ASN1Integer(new BigInteger(1, magnitude)), new DEROctetString(octets)}).getEncoded();
            assertArrayEquals(theirs, ours, "octet string of " + length);

            Der.Reader outer = new Der.Reader(ours);
            Der.Reader fields = outer.sequence();
            outer.expectEnd();
            assertArrayEquals(magnitude, fields.unsignedInteger());
            assertArrayEquals(octets, fields.bytes(Der.OCTET_STRING));
            fields.expectEnd();
        }
    }

    @Test
    void zeroAndSmallIntegers() throws Exception {
        byte[] zero = new Der.Writer().unsignedInteger(new byte[4], 0, 4).toByteArray();
        assertArrayEquals(HEX.parseHex("020100"), zero);
        assertEquals(0, new Der.Reader(zero).smallInteger());
        assertEquals(1, new Der.Reader(new Der.Writer().smallInteger(1).toByteArray()).smallInteger());
    }

    @Test
    void refusesEverythingThatIsNotStrictDer() {
        String[] malformed = {
            "",                   // nothing
            "3004020101",         // the SEQUENCE overruns the input
            "302002010100",       // ... and by far
            "30810302010100",     // long form for a short length
            "300302010100",       // a valid SEQUENCE, then a trailing byte
            "3003020201",         // the INTEGER overruns its SEQUENCE
            "0202007f",           // 00 before a byte without the top bit: not minimal
            "0201ff",             // negative
            "0200",               // empty INTEGER
            "3080020101",         // indefinite length
            "308500000000020101", // five length bytes
            "04020102",           // OCTET STRING where an INTEGER belongs
        };
        for (String hex : malformed) {
            byte[] input = HEX.parseHex(hex);
            assertThrows(Der.MalformedException.class, () -> {
                Der.Reader reader = new Der.Reader(input);
                if (input.length > 0 && input[0] == 0x30) {
                    reader.sequence().unsignedInteger();
                } else {
                    reader.unsignedInteger();
                }
                reader.expectEnd();
            }, hex);
        }
    }

    @Test
    void trailingBytesAreReported() throws Exception {
        Der.Reader reader = new Der.Reader(HEX.parseHex("02010100"));
        assertArrayEquals(new byte[] {1}, reader.unsignedInteger());
        assertThrows(Der.MalformedException.class, reader::expectEnd);
    }

    @Test
    void objectIdentifiersEncodeAsOpenSslDoes() {
        OpenSslCommand.assumeAvailable();
        for (String oid : List.of("1.2.156.10197.1.301", "1.2.156.10197.1.401.3.1", "1.2.840.113549.1.5.13",
                "2.5.29.15", "0.9.2342.19200300.100.1.25", "2.999.3", "1.3.6.1.4.1.311.21.10")) {
            byte[] der = OpenSslCommand.run(new byte[0], "asn1parse", "-genstr", "OID:" + oid, "-noout", "-out", "/dev/stdout");
            byte[] contents = java.util.Arrays.copyOfRange(der, 2, der.length);
            assertArrayEquals(contents, Der.oid(oid), oid);
            assertEquals(oid, Der.oidString(contents));
        }
    }

    @Test
    void objectIdentifiersRefuseWhatIsNotOne() {
        for (String bad : List.of("", "1", "3.1", "1.40", "1..2", "1.2.", "a.b", "1.02", "1.-2", "1.+2", "1. 2", "1.2.99999999999999999999")) {
            assertThrows(IllegalArgumentException.class, () -> Der.oid(bad), bad);
        }
        assertEquals("1.2.(truncated)", Der.oidString(new byte[] {0x2a, (byte) 0x81}));
        assertEquals("(empty OID)", Der.oidString(new byte[0]));
    }
}
