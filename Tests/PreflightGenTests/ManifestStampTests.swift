import PreflightGen
import Testing

@Suite struct ManifestStampTests {
    @Test func stampsTheImageTagAndTheVersionLabelsOnly() {
        let manifest = """
            metadata:
              labels:
                app.kubernetes.io/name: preflight
                app.kubernetes.io/version: "0.0.1"
            spec:
              containers:
                - name: preflight
                  image: preflight:0.0.1
                  # image: preflight:0.0.1 in a comment stays
                  args: ["serve"]

            """
        #expect(
            ManifestStamp.stamped(manifest, version: "1.2.3")
                == """
                metadata:
                  labels:
                    app.kubernetes.io/name: preflight
                    app.kubernetes.io/version: "1.2.3"
                spec:
                  containers:
                    - name: preflight
                      image: preflight:1.2.3
                      # image: preflight:0.0.1 in a comment stays
                      args: ["serve"]

                """)
    }
}
