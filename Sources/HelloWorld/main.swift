// The start-up baseline of `nestbox bench`: a Swift hello-world built the same way.
print("Hello, world!")
