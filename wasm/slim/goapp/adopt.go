//go:build ignore

// wasm/slim copies this file into its copy of go-app (pkg/app/adopt.go),
// without the build constraint above, which keeps it out of tokenjoule's
// own packages. See wasm/slim/doc.go.

package app

import (
	"reflect"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/errors"
)

// tokenjoule (wasm/slim): the first page the engine loads adopts the DOM the
// server prerendered for it instead of building it anew. go-app's stock
// engine creates every element of the page through syscall/js and replaces
// the prerendered one with it: one call into JavaScript for each element,
// attribute, text, child and handler. Here the prerendered nodes are bound
// to the page's tree in order: an element whose tag matches is kept, with
// only its attributes that differ set and those it should not have removed,
// and its handlers added; a text is kept, its value set where it differs.
// Where the two disagree (another tag, a text for an element), that subtree
// is built as Mount builds it and replaces the prerendered one, so that the
// result is the DOM Mount would have built, whatever the prerender held.
//
// The page offers the adoption: goappHydrate(root), a function of the page's
// scripts, returns the prerendered subtree at root in one string, with its
// nodes in an array in the same order, having removed what is only
// markup's: the line breaks and indentation go-app's encoder writes between
// children, and the elements marked data-prerender-only. Without it (or
// where it returns null) the page is built as go-app builds it.

// adopting is true until the first page is loaded.
var adopting = true

// prerendered is a node of the prerendered DOM, as goappHydrate described it.
type prerendered struct {
	index    int      // in the array of nodes
	text     bool     // a text node, else an element
	value    string   // a text's value, an element's tag (local name)
	attrs    []string // an element's attributes: name, value, name, value…
	children []*prerendered
}

// adoption is the prerendered DOM that the first page adopts.
type adoption struct {
	nodes Value // the nodes, in the order of their description
}

// adoptRoot mounts v, the first page's root component, on body by adopting
// the prerendered root, body's only child in go-app's tree. It tells whether
// the page offered the adoption; if not, nothing is done.
func (m nodeManager) adoptRoot(ctx Context, body HTML, v Composer) (bool, error) {
	adopting = false
	hydrate := Window().Get("goappHydrate")
	old := body.body()
	if hydrate.Type() != TypeFunction || len(old) != 1 || !old[0].Mounted() {
		return false, nil
	}
	res := hydrate.Invoke(old[0].JSValue())
	if !res.Truthy() {
		return false, nil
	}
	root, ok := parsePrerendered(res.Index(0).String())
	if !ok {
		return false, nil
	}
	a := &adoption{nodes: res.Index(1)}
	mounted, err := m.adopt(ctx, body.depth()+1, v, a, root, body.JSValue())
	if err != nil {
		return true, errors.New("adopting the prerendered page failed").Wrap(err)
	}
	old[0].(HTML).setJSElement(nil) // the stand-in for the prerendered root
	body.setBody([]UI{mounted.setParent(body)})
	return true, nil
}

// parsePrerendered reads goappHydrate's description of a subtree: its nodes
// in document order, each a field, and an element's followed by its
// attributes' count, names and values, and its children's count, all
// separated by NUL (which the description never holds otherwise): a text
// is "T" and its value, an element "E" and its tag.
func parsePrerendered(desc string) (*prerendered, bool) {
	fields := strings.Split(desc, "\x00")
	i, index := 0, 0
	next := func() (string, bool) {
		if i >= len(fields) {
			return "", false
		}
		i++
		return fields[i-1], true
	}
	count := func() (int, bool) {
		f, ok := next()
		if !ok {
			return 0, false
		}
		n, err := strconv.Atoi(f)
		return n, err == nil && n >= 0 && n <= len(fields)
	}
	var node func() (*prerendered, bool)
	node = func() (*prerendered, bool) {
		f, ok := next()
		if !ok || f == "" {
			return nil, false
		}
		n := &prerendered{index: index, text: f[0] == 'T', value: f[1:]}
		index++
		if n.text {
			return n, true
		}
		if f[0] != 'E' {
			return nil, false
		}
		attrs, ok := count()
		if !ok || i+2*attrs > len(fields) {
			return nil, false
		}
		n.attrs = fields[i : i+2*attrs]
		i += 2 * attrs
		kids, ok := count()
		if !ok {
			return nil, false
		}
		n.children = make([]*prerendered, kids)
		for k := range n.children {
			if n.children[k], ok = node(); !ok {
				return nil, false
			}
		}
		return n, true
	}
	root, ok := node()
	return root, ok && i == len(fields)-1 && fields[i] == ""
}

// node is the JavaScript node of n.
func (a *adoption) node(n *prerendered) Value { return a.nodes.Index(n.index) }

// attr is the value of n's attribute name, and whether n has it.
func (n *prerendered) attr(name string) (string, bool) {
	for i := 0; i < len(n.attrs); i += 2 {
		if n.attrs[i] == name {
			return n.attrs[i+1], true
		}
	}
	return "", false
}

// adopt mounts v as Mount does, at depth, on the prerendered node n, a
// child of parent: by adopting n where it can, else by building v and
// putting it in n's place.
func (m nodeManager) adopt(ctx Context, depth uint, v UI, a *adoption, n *prerendered, parent Value) (UI, error) {
	ctx = m.context(ctx, v)
	switch v := v.(type) {
	case *text:
		if n.text {
			if v.Mounted() {
				return nil, errors.New("text is already mounted").WithTag("preview-value", previewText(v.value))
			}
			v.jsvalue = a.node(n)
			if n.value != v.value {
				v.jsvalue.setNodeValue(v.value)
			}
			return v, nil
		}

	case HTML:
		if !n.text && n.value == v.Tag() {
			return m.adoptHTML(ctx, depth, v, a, n)
		}

	case Composer:
		return m.adoptComponent(ctx, depth, v, a, n, parent)
	}
	built, err := m.Mount(ctx, depth, v)
	if err != nil {
		return nil, err
	}
	parent.replaceChild(built, a.node(n))
	return built, nil
}

// adoptHTML is mountHTML on the prerendered element n, whose tag is v's.
func (m nodeManager) adoptHTML(ctx Context, depth uint, v HTML, a *adoption, n *prerendered) (UI, error) {
	if v.Mounted() {
		return nil, errors.New("html element is already mounted").
			WithTag("type", reflect.TypeOf(v)).
			WithTag("tag", v.Tag())
	}
	v = v.setJSElement(a.node(n))
	m.mountHTMLEventHandlers(ctx, v)
	v = v.setDepth(depth).(HTML)
	// Its attributes once its children are adopted: the page may take
	// turns while it is adopted (a component's OnInit may hand the browser
	// one), and the prerendered root's marks (which tell the page's style
	// what the prerender answers) go last.
	defer m.adoptAttributes(ctx, v, n)
	if _, ok := v.attrs()[keptAttr]; ok && len(v.body()) == 0 {
		kept[v] = keptChildren{a, n.children}
		return v, nil
	}
	return m.adoptChildren(ctx, depth, v, a, n.children)
}

// adoptChildren adopts v's children, not yet mounted, on dom, the
// prerendered children of v's element: in order, removing the prerendered
// nodes that are not theirs and building those that have none.
func (m nodeManager) adoptChildren(ctx Context, depth uint, v HTML, a *adoption, dom []*prerendered) (UI, error) {
	el := v.JSValue()
	children := v.body()
	j := 0
	for i, child := range children {
		var err error
		if j < len(dom) && m.misplaced(child, dom[j]) {
			// The prerender has nodes the page has not (the browser's parser
			// moves an element out of one it may not hold): those before one
			// that may be this child's are removed; or it lacks this child,
			// which is built and put in its place.
			k := j + 1
			if _, isText := child.(*text); isText {
				k = len(dom) // a text merged into the one before it, or an empty one left out
			}
			for k < len(dom) && k <= j+adoptLookahead && m.misplaced(child, dom[k]) {
				k++
			}
			if k < len(dom) && k <= j+adoptLookahead {
				for ; j < k; j++ {
					el.removeChild(a.node(dom[j]))
				}
			} else if child, err = m.Mount(ctx, depth+1, child); err == nil {
				el.Call("insertBefore", child, a.node(dom[j]))
				children[i] = child.setParent(v)
				continue
			}
		}
		switch {
		case err != nil:
		case j < len(dom):
			child, err = m.adopt(ctx, depth+1, child, a, dom[j], el)
			j++
		default:
			if child, err = m.Mount(ctx, depth+1, child); err == nil {
				el.appendChild(child)
			}
		}
		if err != nil {
			return nil, errors.New("adopting child failed").
				WithTag("type", reflect.TypeOf(v)).
				WithTag("tag", v.Tag()).
				WithTag("depth", depth).
				WithTag("index", i).
				Wrap(err)
		}
		children[i] = child.setParent(v)
	}
	for ; j < len(dom); j++ {
		el.removeChild(a.node(dom[j]))
	}
	return v, nil
}

// keptAttr marks an element that the page renders without its children
// while it adopts the prerendered page (the parts below the first screen,
// the contents of closed disclosures): its prerendered children stay as
// they are, out of go-app's tree, and the first update that gives it
// children adopts them (adoptKept) rather than building them. The first
// render is then the first screen's, and the rest is bound once the page
// runs.
const keptAttr = "data-kept"

// keptChildren are the prerendered children of an element marked keptAttr.
type keptChildren struct {
	a   *adoption
	dom []*prerendered
}

// kept holds the adopted elements marked keptAttr whose children have not
// been rendered yet.
var kept = map[HTML]keptChildren{}

// adoptKept is updateHTML's for v, an element whose prerendered children
// were kept, when the page first gives it children (in new's body): they
// are adopted on the kept nodes. It tells whether it did.
func (m nodeManager) adoptKept(ctx Context, v, new HTML) (UI, bool, error) {
	k, ok := kept[v]
	if !ok || len(new.body()) == 0 {
		return v, false, nil
	}
	delete(kept, v)
	u, err := m.adoptChildren(ctx, v.depth(), v.setBody(new.body()), k.a, k.dom)
	return u, true, err
}

// adoptAttributes gives the adopted element the attributes and properties
// mountHTMLAttributes gives a new one: those that differ are set, those it
// should not have removed, but for a disclosure's open, which the page may
// leave to the reader (go-app's updates leave it too). value, checked and
// selected are properties that do not change the attribute of the same name
// (the markup's default), which a new element does not have.
func (m nodeManager) adoptAttributes(ctx Context, v HTML, n *prerendered) {
	el := v.JSValue()
	attrs := v.attrs()
	for i := 0; i < len(n.attrs); i += 2 {
		name := n.attrs[i]
		_, keep := attrs[name]
		switch {
		case !keep && name == "open":
			// A disclosure the page leaves to the reader, who may have
			// opened or closed it: as the reader left it.
		case !keep, name == "checked", name == "selected", name == "value" && isFormField(v.Tag()):
			deleteJSAttribute(el, name)
		}
	}
	set := func(name, value string) {
		value = resolveAttributeURLValue(name, value, ctx.ResolveStaticResource)
		has, present := n.attr(name)
		switch name {
		case "checked", "selected":
		case "value":
			if !isFormField(v.Tag()) && present && has == value {
				return
			}
		case "async", "autofocus", "autoplay", "default", "defer", "disabled", "hidden", "loop",
			"multiple", "muted", "open", "required", "reversed", "ismap", "readonly":
			// Properties that set or remove the attribute of the same name.
			if b, _ := strconv.ParseBool(value); b == present && (!b || has == "") {
				return
			}
		default:
			if present && has == value {
				return
			}
		}
		setJSAttribute(el, name, value)
	}
	// An input's type first and its state last: a range input adopted as a
	// text box would clamp the text to a number, and a value set before its
	// range's bounds or step would be rounded to them.
	if value, ok := attrs["type"]; ok {
		set("type", value)
	}
	for name, value := range attrs {
		if name != "type" && !isState(name) {
			set(name, value)
		}
	}
	for _, name := range []string{"value", "checked", "selected"} {
		if value, ok := attrs[name]; ok {
			set(name, value)
		}
	}
}

// isState tells whether an attribute of go-app's is a control's state,
// which adoptAttributes sets last.
func isState(name string) bool { return name == "value" || name == "checked" || name == "selected" }

// adoptLookahead is how many prerendered siblings past the expected one
// adoption looks at for a child's node before it builds the child instead.
const adoptLookahead = 4

// misplaced tells whether the prerendered node n cannot be the child v's: a
// text for an element or an element for a text, or an element of another
// tag. A component may render either: its root is adopted or replaced.
func (m nodeManager) misplaced(v UI, n *prerendered) bool {
	switch v := v.(type) {
	case *text:
		return !n.text
	case HTML:
		return n.text || n.value != v.Tag()
	}
	return false
}

// isFormField tells whether an element of the tag has a value property
// apart from its value attribute.
func isFormField(tag string) bool { return tag == "input" || tag == "textarea" || tag == "select" }

// adoptComponent is mountComponent with its root adopting n.
func (m nodeManager) adoptComponent(ctx Context, depth uint, v Composer, a *adoption, n *prerendered, parent Value) (UI, error) {
	if v.Mounted() {
		return nil, errors.New("component is already mounted").WithTag("type", reflect.TypeOf(v))
	}
	v = v.setRef(v)
	v = v.setDepth(depth)
	if initializer, ok := v.(Initializer); ok {
		initializer.OnInit()
	}
	if mounter, ok := v.(Mounter); ok && IsClient {
		ctx.Dispatch(mounter.OnMount)
	}
	root, err := m.renderComponent(v)
	if err != nil {
		return nil, errors.New("rendering component failed").WithTag("type", reflect.TypeOf(v)).Wrap(err)
	}
	if root, err = m.adopt(ctx, depth+1, root, a, n, parent); err != nil {
		return nil, errors.New("adopting component root failed").WithTag("type", reflect.TypeOf(v)).Wrap(err)
	}
	root = root.setParent(v)
	v = v.setRoot(root)
	return v, nil
}
