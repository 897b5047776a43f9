package main

import (
	"fmt"
	"html"
	"io"
	"math"
	"strings"
	"unicode/utf8"
)

// The geometry of the chart written by -svg, in SVG user units (pixels).
const (
	svgWidth      = 900 // of the canvas, which grows beyond it for long row names
	svgPad        = 10  // left margin of the title, subtitle and row names
	svgLabelWidth = 210 // least room for the row names, right-aligned against the plot
	svgRightPad   = 20
	svgMinBars    = 360 // least width of the bars' area, 1/2^lo× to 2^hi×
	svgBarHeight  = 14
	svgBarGap     = 3  // between the bars of one row
	svgRowGap     = 12 // between rows
	svgLineHeight = 16 // of the subtitle's lines
	svgNoteHeight = 14 // of the footnotes' lines

	// The font sizes of the chart's texts.
	svgFontTitle = 15
	svgFontBody  = 12 // row names, subtitle, "no peer figure"
	svgFontBar   = 11 // bar labels, the 1.0 caption
	svgFontSmall = 10 // axis labels, footnotes

	// svgCharWidth estimates the width of a text as its number of
	// characters times the font size times this factor: a little wider than
	// the average character of common sans-serif fonts, so that the
	// estimate errs on the side of room.
	svgCharWidth = 0.6

	// Ratios are drawn on a log₂ scale that reaches from the smallest ratio
	// to the largest, rounded out to powers of two (at least 1/2× and 2×),
	// so that "twice as fast" and "half as fast" are bars of the same length
	// on either side of the 1.0 line. Beyond 2^svgMaxSpan the bars are
	// clamped to the edge; their labels give the value.
	svgMaxSpan = 16
)

// svgTextWidth is the estimated width of s at the font size.
func svgTextWidth(s string, size float64) float64 {
	return float64(utf8.RuneCountInString(s)) * size * svgCharWidth
}

// svgPeers are the bars of one row, in drawing order: each names its peer in
// the bar's own label, so the chart needs no legend.
var svgPeers = []struct {
	name  string
	ratio func(speedRow) *float64
	stats func(speedRow) *speedStats
}{
	{"Go", func(r speedRow) *float64 { return r.CryptonGo }, func(r speedRow) *speedStats { return r.Figures.Go }},
	{"OpenSSL", func(r speedRow) *float64 { return r.CryptonOpenSSL }, func(r speedRow) *speedStats { return r.Figures.OpenSSL }},
}

// svgRound rounds a coordinate to half a pixel, which float64 holds and
// "%.1f" prints exactly, so that bars of equal ratios either side of the
// 1.0 line come out equally long.
func svgRound(v float64) float64 { return math.Round(v*2) / 2 }

// writeSpeedSVG draws rep as a horizontal bar chart of the ratios: one group
// per row, one bar per peer that has a figure, starting at a vertical line at
// 1.0. A bar to the right (green) means crypton is ahead of that peer by the
// printed factor, one to the left (red) that it is behind. Each bar is
// labelled with its peer and ratio, so the chart reads without a legend; a
// row with a figure whose spread exceeds the limit has its name marked.
//
// The layout keeps every text on the canvas: the row names' column is as
// wide as the longest name, the scale reaches the largest and the smallest
// ratio, and room is kept beyond either end of the scale for the longest
// label that ends there.
func writeSpeedSVG(w io.Writer, rep speedReport) error {
	type bar struct {
		peer, label, title string
		ratio              float64
	}
	type group struct {
		name string
		bars []bar
	}
	var groups []group
	noisy := false
	for _, r := range rep.Rows {
		g := group{name: r.Algorithm}
		if r.SpreadWarning {
			g.name += " " + speedSpreadMark
			noisy = true
		}
		for _, p := range svgPeers {
			v := p.ratio(r)
			if v == nil || !(*v > 0) || math.IsInf(*v, 0) {
				continue
			}
			label := fmt.Sprintf("vs %s %s×", p.name, fmtRatio(*v))
			title := r.Algorithm + ": " + label
			var spreads []string
			for _, s := range []struct {
				name string
				st   *speedStats
			}{{"crypton", r.Figures.Crypton}, {p.name, p.stats(r)}} {
				if s.st != nil && s.st.SpreadPct != nil {
					spreads = append(spreads, fmt.Sprintf("%s ±%s%%", s.name, fmtPct(*s.st.SpreadPct)))
				}
			}
			if len(spreads) > 0 {
				title += " (spread: " + strings.Join(spreads, ", ") + ")"
			}
			g.bars = append(g.bars, bar{p.name, label, title, *v})
		}
		groups = append(groups, g)
	}

	// The scale: lo doublings left of 1.0, hi right of it.
	lo, hi, clamped := 1, 1, false
	for _, g := range groups {
		for _, br := range g.bars {
			l := math.Log2(br.ratio)
			if math.Abs(l) > svgMaxSpan {
				clamped = true
			}
			if l > 0 {
				hi = max(hi, int(math.Ceil(math.Min(l, svgMaxSpan))))
			} else {
				lo = max(lo, int(math.Ceil(math.Min(-l, svgMaxSpan))))
			}
		}
	}
	axisLabel := func(e int) string {
		if e < 0 {
			return fmt.Sprintf("1/%d×", 1<<-e)
		}
		return fmt.Sprintf("%d×", 1<<e)
	}

	// Room for the labels beyond the ends of the scale: a label of a bar to
	// the right starts 4 px after its end, one of a bar to the left ends 4 px
	// before it. The axis label at the right end is centred on it.
	const noPeer = "no peer figure"
	var nameW, lRoom, rRoom, axisW float64
	for _, g := range groups {
		nameW = math.Max(nameW, svgTextWidth(g.name, svgFontBody))
		if len(g.bars) == 0 {
			rRoom = math.Max(rRoom, 6+svgTextWidth(noPeer, svgFontBody))
		}
		for _, br := range g.bars {
			lw := 4 + svgTextWidth(br.label, svgFontBar)
			if br.ratio < 1 {
				lRoom = math.Max(lRoom, lw)
			} else {
				rRoom = math.Max(rRoom, lw)
			}
		}
	}
	for e := -lo; e <= hi; e++ {
		axisW = math.Max(axisW, svgTextWidth(axisLabel(e), svgFontSmall))
	}
	rRoom = math.Max(rRoom, svgTextWidth(axisLabel(hi), svgFontSmall)/2)

	// Title, subtitle (wrapped to the canvas) and footnotes.
	const title = "crypton speed ratios (right of 1.0: crypton ahead)"
	const caption = "1.0 = same speed as the peer"
	var notes []string
	if noisy {
		notes = append(notes, fmt.Sprintf("%s a figure of the row has a spread above %g %% between rounds: the machine was busy; rerun with more -rounds.", speedSpreadMark, speedSpreadLimit))
	}
	if clamped {
		notes = append(notes, fmt.Sprintf("Ratios beyond %s are drawn at the edge; the label gives the value.", axisLabel(svgMaxSpan)))
	}

	plotLeft := math.Max(svgLabelWidth, math.Ceil(svgPad+nameW+8))
	width := math.Max(svgWidth, math.Ceil(plotLeft+lRoom+svgMinBars+rRoom+svgRightPad))
	width = math.Max(width, math.Ceil(2*svgPad+svgTextWidth(title, svgFontTitle)))
	for _, n := range notes {
		width = math.Max(width, math.Ceil(2*svgPad+svgTextWidth(n, svgFontSmall)))
	}
	subtitle := svgWrap(svgSubtitle(rep.Machine), width-2*svgPad, svgFontBody)

	barLeft := plotLeft + lRoom
	barRight := width - svgRightPad - rRoom
	unit := (barRight - barLeft) / float64(lo+hi) // pixels per doubling
	mid := svgRound(barLeft + float64(lo)*unit)
	x := func(ratio float64) float64 {
		l := math.Max(-float64(lo), math.Min(float64(hi), math.Log2(ratio)))
		return mid + svgRound(l*unit)
	}
	// Label every step-th power of two, so that the axis labels do not
	// run into each other.
	step := 1
	for float64(step)*unit < axisW+6 {
		step++
	}

	top := 64 + (len(subtitle)-1)*svgLineHeight // below the title, subtitle and axis labels
	plotBottom := top
	for _, g := range groups {
		n := max(1, len(g.bars))
		plotBottom += n*svgBarHeight + (n-1)*svgBarGap + svgRowGap
	}
	height := plotBottom + 20 + len(notes)*svgNoteHeight + 12

	var b strings.Builder
	esc := html.EscapeString
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%d" viewBox="0 0 %.0f %d" font-family="sans-serif" font-size="%d">`+"\n", width, height, width, height, svgFontBody)
	fmt.Fprintf(&b, `<title>crypton speed: crypton against its peers</title>`+"\n")
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&b, `<text x="%d" y="20" font-size="%d" font-weight="bold">%s</text>`+"\n", svgPad, svgFontTitle, esc(title))
	for i, s := range subtitle {
		fmt.Fprintf(&b, `<text x="%d" y="%d" fill="#555">%s</text>`+"\n", svgPad, 38+i*svgLineHeight, esc(s))
	}

	// Scale: gridlines at powers of two, labelled, and the 1.0 line.
	for e := -lo; e <= hi; e++ {
		gx := x(math.Pow(2, float64(e)))
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/>`+"\n", gx, top-6, gx, plotBottom+4)
		if e%step == 0 {
			fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" fill="#777" font-size="%d">%s</text>`+"\n", gx, top-10, svgFontSmall, esc(axisLabel(e)))
		}
	}

	y := top
	for _, g := range groups {
		n := max(1, len(g.bars))
		gh := n*svgBarHeight + (n-1)*svgBarGap
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="end" dominant-baseline="middle">%s</text>`+"\n", plotLeft-8, float64(y)+float64(gh)/2, esc(g.name))
		if len(g.bars) == 0 {
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" dominant-baseline="middle" fill="#777">%s</text>`+"\n", mid+6, float64(y)+svgBarHeight/2, noPeer)
		}
		for i, br := range g.bars {
			by := float64(y + i*(svgBarHeight+svgBarGap))
			bx := x(br.ratio)
			left, right := math.Min(mid, bx), math.Max(mid, bx)
			fill, anchor, lx := "#2e8b57", "start", right+4
			if br.ratio < 1 {
				fill, anchor, lx = "#c0392b", "end", left-4
			}
			fmt.Fprintf(&b, `<rect class="bar" data-peer="%s" data-ratio="%s" x="%.1f" y="%.1f" width="%.1f" height="%d" fill="%s"><title>%s</title></rect>`+"\n",
				esc(br.peer), fmtRatio(br.ratio), left, by, math.Max(right-left, 1), svgBarHeight, fill, esc(br.title))
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="%s" dominant-baseline="middle" font-size="%d">%s</text>`+"\n", lx, by+svgBarHeight/2, anchor, svgFontBar, esc(br.label))
		}
		y += gh + svgRowGap
	}

	fmt.Fprintf(&b, `<line class="parity" x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="black" stroke-width="1.5"/>`+"\n", mid, top-6, mid, plotBottom+4)
	// The caption is centred under the 1.0 line, unless that would push it
	// off the canvas.
	half := svgTextWidth(caption, svgFontBar) / 2
	cx := math.Max(svgPad+half, math.Min(width-svgPad-half, mid))
	fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" font-size="%d">%s</text>`+"\n", cx, plotBottom+20, svgFontBar, caption)
	for i, n := range notes {
		fmt.Fprintf(&b, `<text x="%d" y="%d" fill="#555" font-size="%d">%s</text>`+"\n", svgPad, plotBottom+20+(i+1)*svgNoteHeight, svgFontSmall, esc(n))
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// svgWrap breaks s into lines no wider than width at the font size, between
// its comma-separated parts; a part too wide on its own is cut short with an
// ellipsis.
func svgWrap(s string, width, size float64) []string {
	fit := func(t string) string {
		if svgTextWidth(t, size) <= width {
			return t
		}
		r := []rune(t)
		n := max(0, int(width/(size*svgCharWidth))-1)
		return string(r[:n]) + "…"
	}
	var lines []string
	cur := ""
	for _, part := range strings.Split(s, ", ") {
		switch {
		case cur == "":
			cur = part
		case svgTextWidth(cur+", "+part, size) <= width:
			cur += ", " + part
		default:
			lines = append(lines, fit(cur))
			cur = part
		}
	}
	return append(lines, fit(cur))
}

// svgSubtitle says where and how the figures were measured.
func svgSubtitle(m speedMachine) string {
	s := m.CPU
	if s == "" {
		s = "unknown CPU"
	}
	s += ", " + m.GOOS + "/" + m.GOARCH + ", " + m.GoVersion
	if m.OpenSSLVersion != nil {
		s += ", " + *m.OpenSSLVersion
	}
	if m.CryptonCPU != "" {
		s += ", CRYPTON_CPU=" + m.CryptonCPU
	}
	if m.Rounds > 0 {
		s += fmt.Sprintf(", median of %d rounds", m.Rounds)
	}
	return s
}
