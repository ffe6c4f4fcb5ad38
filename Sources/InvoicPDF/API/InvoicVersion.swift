/// invoic's version: `invoic --version` prints it, and every PDF names it as its Producer.
public enum InvoicVersion {
    public static let string = "0.2.0"
}
