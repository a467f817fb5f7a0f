/// `prepare-photo watch DIR [options]` — being written (issue 5).
func runWatchCommand(_ args: [String]) -> Int32 {
    Console.error("watch: not available yet")
    return 64
}
